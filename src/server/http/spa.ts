import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Api } from './types.js';

/** Serves the built SPA and answers every non-API GET with index.html so client routes survive a reload. */
export function serveSpa(app: Api, spaDir: string | undefined): void {
  const hasSpa = spaDir !== undefined && fs.existsSync(path.join(spaDir, 'index.html'));
  if (hasSpa) {
    void app.register(fastifyStatic, {
      root: spaDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/: safe to cache for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api')) return reply.status(404).send({ message: 'Not found' });
    if (!hasSpa || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Not found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
