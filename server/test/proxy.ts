// A small round-robin HTTP + WebSocket load balancer for the multi-instance test (server/cluster.test.ts),
// behaving like nginx's defaults in the ways that matter there: each request or upgrade goes to the next
// instance; an instance that refuses the connection is skipped (nothing was sent, so even a POST is safe to
// send elsewhere); an instance that dies mid-request gives the client a 502; a dead instance's tunnelled
// sockets are closed, so their clients reconnect. It adds X-Forwarded-For like a real proxy.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

export interface RoundRobinProxy {
  base: string;
  port: number;
  /** The instance port each tagged WebSocket was tunnelled to (tag: the `probe` query parameter). */
  socketUpstream: Map<string, number>;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreamPorts: number[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const socketUpstream = new Map<string, number>();
  const tunnels = new Set<Duplex>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const start = turn++;
      const attempt = (n: number) => {
        const port = upstreamPorts[(start + n) % upstreamPorts.length]!;
        const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '', 'content-length': String(body.length) };
        const up = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent }, (upRes) => {
          const out: http.OutgoingHttpHeaders = { 'x-upstream': String(port) };
          for (const [k, v] of Object.entries(upRes.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) out[k] = v;
          res.writeHead(upRes.statusCode ?? 502, out);
          upRes.pipe(res);
          upRes.on('error', () => res.destroy());
        });
        up.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED' && n + 1 < upstreamPorts.length) return attempt(n + 1);
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`bad gateway: ${err.code ?? err.message}`);
          else res.destroy();
        });
        up.end(body);
      };
      attempt(0);
    });
  });

  server.on('upgrade', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    const start = turn++;
    const probe = new URL(req.url ?? '/', 'http://x').searchParams.get('probe');
    client.on('error', () => {});
    const attempt = (n: number) => {
      const port = upstreamPorts[(start + n) % upstreamPorts.length]!;
      const up = net.connect(port, '127.0.0.1');
      let connected = false;
      up.once('error', (err: NodeJS.ErrnoException) => {
        if (!connected && err.code === 'ECONNREFUSED' && n + 1 < upstreamPorts.length) return attempt(n + 1);
        client.destroy();
      });
      up.once('connect', () => {
        connected = true;
        if (probe) socketUpstream.set(probe, port);
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        lines.push(`X-Forwarded-For: ${req.socket.remoteAddress ?? ''}`);
        up.write(lines.join('\r\n') + '\r\n\r\n');
        if (head.length) up.write(head);
        up.pipe(client);
        client.pipe(up);
        tunnels.add(client);
        // One side gone: close the other, as a proxy does when an instance dies.
        up.on('close', () => client.destroy());
        client.on('close', () => {
          tunnels.delete(client);
          up.destroy();
        });
        up.on('error', () => client.destroy());
      });
    };
    attempt(0);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    socketUpstream,
    async close() {
      for (const t of tunnels) t.destroy();
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
