import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config.js';
import { demoLoginsText, startServer } from './bootstrap.js';
import { TEMPLATE_DIR } from './cli/build-paths.js';

// Two levels below the root both as src/server/main.ts (tsx) and as the bundle build/server/main.js.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// SPA_DIR: serve a build from elsewhere (the e2e harness builds into a temp folder).
const spaDir = process.env.SPA_DIR ? path.resolve(process.env.SPA_DIR) : path.join(root, 'dist');

/** `npm start` on a fresh clone: build the SPA once if there is no build yet. */
function ensureSpaBuilt(): void {
  if (fs.existsSync(path.join(spaDir, 'index.html'))) return;
  console.log('No SPA build found in dist/: building it once (npm run build)...');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
}

async function main(): Promise<void> {
  const config = readConfig();
  if (config.serveSpa) ensureSpaBuilt();
  const server = await startServer(config, config.serveSpa ? spaDir : undefined, TEMPLATE_DIR(root));
  const { app } = server;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing the server and the database`);
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while closing');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  // PORT=0 asks for any free port: report the one we got.
  const boundPort = typeof address === 'object' && address ? address.port : config.port;
  const where = config.db.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.db.dataDir}` : 'PostgreSQL server (DATABASE_URL)';
  const lines = [`\nGrocery back-office running at http://localhost:${boundPort} on ${where}`];
  if (server.seeded) lines.push('Demo data loaded.');
  if (server.hasDemoAccounts) lines.push(`Demo logins:\n${demoLoginsText()}\n`);
  // One write, so whoever waits for "running at" sees the whole message.
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
