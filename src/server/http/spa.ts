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
      // Looked up per request, so a rebuild is served without a restart; missing files fall to index.html below.
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz beside each text file: sent as they are to a browser that accepts them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/: safe to cache for a year. index.html must be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (/index\.html(\.br|\.gz)?$/.test(filePath)) res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api')) return reply.status(404).send({ message: 'Not found' });
    // A missing fingerprinted asset is a stale page asking for an old build: HTML in its place would not parse.
    if (!hasSpa || request.url.startsWith('/assets/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Not found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
