// The baselines of the scenarios, in their own process: bare Express answering a fixed JSON at
// GET /bare, and a bare `ws` server at /ws whose POST /broadcast sends its body to every open socket (a plain
// `for (const ws of clients) ws.send(body)`, the floor any chat fan-out is compared with), and POST /upload
// receiving a body without parsing it.
//   BARE_JSON='{"ok":true}' node --import tsx scripts/bench/bare-server.ts   → prints "listening <port>"
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { WebSocketServer } from 'ws';

const json: unknown = JSON.parse(process.env.BARE_JSON ?? '{"ok":true}');
const app = express();
app.get('/bare', (_req, res) => {
  res.json(json);
});
app.post('/broadcast', express.text({ type: '*/*' }), (req, res) => {
  const body = String(req.body);
  for (const ws of wss.clients) ws.send(body);
  res.json({ sent: wss.clients.size });
});
// The floor of an upload: the same multipart body received and acknowledged, nothing parsed.
app.post('/upload', express.raw({ type: '*/*', limit: '20mb' }), (req, res) => {
  res.json({ bytes: (req.body as Buffer).length });
});
const server = http.createServer(app);
const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.once('SIGTERM', () => {
  for (const ws of wss.clients) ws.terminate();
  server.close(() => process.exit(0));
});
