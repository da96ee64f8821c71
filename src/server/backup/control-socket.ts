import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The embedded database belongs to the one process holding its data folder (db/data-dir-lock.ts), so a backup of a
 * running server must be taken by that server. `npm run backup` asks it through this socket in the data folder: a Unix
 * socket (mode 0600) only someone who may read the data folder can reach, answering one request, POST /backup.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

/** Longest path a Unix socket may have (108 bytes on Linux, with its terminating zero). */
const MAX_SOCKET_PATH = 107;

type Handler = (body: { dir?: string }) => Promise<unknown>;

/** Serves the socket for as long as the server runs; returns how to stop. */
export async function serveControlSocket(dataDir: string, backup: Handler, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const socket = controlSocketPath(dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    log.warn(
      `The data folder's path is too long for its control socket (${socket}): npm run backup cannot ask this server; use Setting → Backups or BACKUP_EVERY.`,
    );
    return async () => {};
  }
  // This process holds the data folder's lock: a socket file left there is a dead process's.
  fs.rmSync(socket, { force: true });
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'POST' || request.url !== '/backup') return answer(404, { message: 'Only POST /backup is served here' });
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      let body: { dir?: string };
      try {
        body = text ? (JSON.parse(text) as { dir?: string }) : {};
      } catch {
        return answer(400, { message: 'Malformed JSON' });
      }
      backup(body).then(
        (result) => answer(200, result),
        (error: unknown) => answer(500, { message: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socket, resolve));
  fs.chmodSync(socket, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(socket, { force: true });
  };
}

/** Asks the server holding `dataDir` for a backup; null when no server answers there. */
export function askServerForBackup(dataDir: string, dir: string): Promise<{ status: number; body: Record<string, unknown> } | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method: 'POST', path: '/backup', headers: { 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
      response.on('error', reject);
    });
    // A socket file nobody listens on: a server killed without closing it.
    request.on('error', (error: NodeJS.ErrnoException) => (['ECONNREFUSED', 'ENOENT'].includes(error.code ?? '') ? resolve(null) : reject(error)));
    request.end(JSON.stringify({ dir }));
  });
}
