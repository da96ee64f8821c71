import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = { child: ChildProcess; url: string; output: () => string; stop: (signal?: NodeJS.Signals) => Promise<number | null> };

/**
 * Starts the real server (`tsx src/server/main.ts`, of this checkout or of another in `cwd`; `args`: another entry,
 * such as `npm start`'s src/server/cli/start.mjs) and resolves once it listens.
 */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
  cwd = ROOT,
  args = ['--import', 'tsx', 'src/server/main.ts'],
): Promise<ServerProcess> {
  // `node --import tsx`, not the tsx CLI: one process, so a signal reaches the server's own handlers directly.
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, SERVE_SPA: '0', PASSWORD_HASH_COST: 'low', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`server did not start in time:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => out, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`server exited with ${code}:\n${out}`), { code, output: out }));
    });
  });
}
