import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './server-process.js';

export type CliRun = { code: number | null; output: string };

/** `npm run backup` / `npm run restore` as an operator runs them (the CLI's file through tsx), with this environment. */
export function runCli(cli: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${cli}.ts`, ...args], {
    cwd: ROOT,
    // Neither database of the test run's own environment: only what the test names.
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', BACKUP_DIR: '', BACKUP_KEEP: '', PASSWORD_HASH_COST: 'low', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** The archive a backup run wrote, from its output. */
export function archiveOf(run: CliRun): string {
  const file = /Backup written: (\S+)/.exec(run.output)?.[1];
  if (run.code !== 0 || !file || !fs.existsSync(file)) throw new Error(`the backup failed (${run.code}):\n${run.output}`);
  return path.resolve(file);
}
