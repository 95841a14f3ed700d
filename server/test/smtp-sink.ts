// A minimal SMTP server that accepts every mail and keeps it (RFC 5321 without TLS or AUTH): enough for
// nodemailer's SMTP transport, so tests can count what the mail job really sent.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SmtpSink {
  url: string;
  /** Each accepted message: its envelope recipients and its raw data (headers and body). */
  messages: { to: string[]; data: string }[];
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SmtpSink['messages'] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    sock.on('error', () => {});
    sock.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    sock.write('220 sink ESMTP\r\n');
    sock.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push({ to, data: buffer.slice(0, end) });
          buffer = buffer.slice(end + 5);
          inData = false;
          to = [];
          sock.write('250 2.0.0 queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl === -1) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') sock.write('250-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          sock.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          sock.write('354 end with <CRLF>.<CRLF>\r\n');
        } else if (verb === 'QUIT') {
          sock.end('221 2.0.0 bye\r\n');
          return;
        } else sock.write('250 2.0.0 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
