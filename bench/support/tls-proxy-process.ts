/**
 * `tsx bench/support/tls-proxy-process.ts <server's URL>`: the deployment guide's TLS proxy for the browser benches,
 * HTTPS with HTTP/2 (as nginx's `listen 443 ssl; http2 on;`) in front of the real server, on a self-signed certificate
 * made for the run. A phone reaches a deployment through such a proxy (never plain HTTP: passwords and tokens cross the
 * network); over HTTP/2 a screen's chunks share one connection instead of queueing six at a time. A process of its own:
 * Lighthouse runs synchronously in the bench's.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Headers of one hop only (RFC 9113 8.2.2), never passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host']);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tls-proxy-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Forwards every request to `target` (http://host:port) as it comes, streaming both ways (the live stream too). */
async function serve(target: string): Promise<string> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, (req, res) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers.host = upstream.host;
    const forward = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers, agent }, (answer) => {
      const back: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) back[name] = value;
      res.writeHead(answer.statusCode ?? 502, back);
      answer.pipe(res);
    });
    forward.on('error', () => res.headersSent || res.writeHead(502).end());
    req.pipe(forward);
  });
  // The live stream stays open: the sessions are ended at stop rather than waited for.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  process.once('SIGTERM', () => {
    for (const session of sessions) session.destroy();
    agent.destroy();
    server.close(() => process.exit(0));
  });
  return `https://localhost:${port}`;
}

const target = process.argv[2];
if (!target) throw new Error('usage: tls-proxy-process.ts <http://host:port of the server>');
console.log(`proxy at ${await serve(target)}`);
