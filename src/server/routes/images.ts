import { z } from 'zod';
import type { RouteModule } from '../http/types.js';
import { loadImage } from '../services/image-service.js';

/**
 * Public: <img> tags send no bearer token, and the name is the SHA-256 of the content, so it cannot be
 * guessed. The content never changes under a name, so browsers may keep it for a year.
 */
export const imageRoutes: RouteModule = (app, { database }) => {
  app.get(
    '/images/:file',
    { config: { access: 'public' }, schema: { tags: ['images'], security: [], params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const image = await loadImage(database.db, request.params.file);
      return reply.header('content-type', image.mime).header('cache-control', 'public, max-age=31536000, immutable').send(image.bytes);
    },
  );
};
