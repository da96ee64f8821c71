import { z } from 'zod';
import { translateText } from '../../domain/i18n/catalogue.js';
import { languageOfHeader } from '../../domain/i18n/languages.js';
import { PRODUCT_IMPORT_MAX_BYTES } from '../../domain/product-csv.js';
import { queryFlag } from '../../domain/schemas/common.js';
import { userOf } from '../auth/access.js';
import { errorReplies, errorWith, idempotencyKeyHeader } from '../http/openapi.js';
import type { RouteModule } from '../http/types.js';
import { productImportService, type ImportAnswer } from '../services/product-import.js';

const importQuery = z.object({
  dry_run: queryFlag.meta({ description: 'true: validate only and write nothing (the default is to import)' }),
});
const csvBody = z.string({ error: 'Send the CSV file as text/csv' }).meta({
  description: `The CSV file, header row first (at most ${PRODUCT_IMPORT_MAX_BYTES / 1024 / 1024} MB: 413 beyond)`,
});

/** A file with errors, imported for real: nothing was written, and every error is listed with its row. */
const importRefused = errorWith(
  'ImportRefused',
  'Invalid input. A file with errors (not a dry run) writes nothing: `dry_run` false, `created` and `updated` 0, and `errors` lists each with its `row` and column (`field`)',
  {
    dry_run: z.boolean().optional(),
    created: z.number().int().optional(),
    updated: z.number().int().optional(),
  },
);

/**
 * A dry run's answer in the request's language (issue 34): its errors are no error body, which the API translates as it
 * leaves, but a 200's list. In English the answer is as the service gives it.
 */
function inLanguage(answer: ImportAnswer, acceptLanguage: string | undefined): ImportAnswer {
  const language = languageOfHeader(acceptLanguage);
  if (language === 'en' || !answer.errors.length) return answer;
  return { ...answer, errors: answer.errors.map((e) => ({ ...e, message: translateText(e.message, language) })) };
}

/** `POST /products/import`: the catalogue from a CSV file, dry run first (see services/product-import.ts). */
export const productImportRoutes: RouteModule = (app, { database }) => {
  const imports = productImportService(database.db);

  // The file arrives as it is; past the limit Fastify answers 413 before reading further.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: PRODUCT_IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/products/import',
    {
      config: { access: { resource: 'product-import', action: 'create' } },
      bodyLimit: PRODUCT_IMPORT_MAX_BYTES,
      schema: {
        tags: ['products'],
        consumes: ['text/csv'],
        querystring: importQuery,
        headers: idempotencyKeyHeader,
        body: csvBody,
        response: { 200: z.unknown(), 400: importRefused, ...errorReplies(413) },
      },
    },
    async (request, reply) => {
      if (request.query.dry_run) return inLanguage(await imports.dryRun(request.body), request.headers['accept-language']);
      const outcome = await imports.apply(request.body, userOf(request).id, request.headers['idempotency-key']);
      if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
      // 200, or 400 with the errors; a replayed refusal may be any status the first answer had.
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
};
