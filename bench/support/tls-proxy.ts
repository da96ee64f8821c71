/** The deployment guide's TLS proxy (HTTPS, HTTP/2) in front of a server, in a process of its own (tls-proxy-process.ts). */
import { spawn } from 'node:child_process';
import path from 'node:path';

export type TlsProxy = { url: string; stop: () => Promise<void> };

export function startTlsProxy(target: string): Promise<TlsProxy> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'tls-proxy-process.ts'), target], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /proxy at (https:\/\/\S+)/.exec(out);
      if (match) resolve({ url: match[1]!, stop: () => (child.kill('SIGTERM'), exited) });
    });
    child.once('exit', (code) => reject(new Error(`the TLS proxy exited (${code}) before it listened:\n${out}`)));
  });
}
