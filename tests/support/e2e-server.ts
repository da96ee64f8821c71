import type { AddressInfo } from 'node:net';
import { readConfig } from '../../src/server/config.js';
import { startServer } from '../../src/server/bootstrap.js';

/**
 * The real server (same start-up as src/server/main.ts) for the end-to-end run, serving the SPA built for the
 * run from E2E_SPA_DIR, so runs never write into (or race on) the shared dist/. Prints its address once ready.
 */
async function main(): Promise<void> {
  const config = readConfig();
  const server = await startServer(config, process.env.E2E_SPA_DIR);
  const close = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  await server.app.listen({ port: config.port, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  console.log(`E2E_SERVER_READY http://127.0.0.1:${port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
