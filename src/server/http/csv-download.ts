import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { csvLine, type CsvCell } from '../../domain/csv.js';

/** Rows fetched from the cursor at a time: what the API holds in memory, whatever the size of the download. */
const BATCH = 2000;

/**
 * Streams a query's rows as a CSV download: a server-side cursor in one read-only transaction (so every row comes from
 * the same snapshot), fetched a batch at a time and written as the client reads, so memory does not grow with the
 * rows and nothing is cut short. A client that goes away ends the transaction. The byte-order mark makes spreadsheet
 * programs read ₹ and Hindi names as UTF-8. On PGlite (one connection) other requests wait while it runs.
 */
export function sendCsvDownload<Row>(
  reply: FastifyReply,
  db: Db,
  download: { filename: string; header: readonly string[]; query: SQL; toCells: (row: Row) => readonly CsvCell[] },
): FastifyReply {
  const out = new PassThrough();
  const gone = () => out.destroyed || out.writableEnded;
  const write = async (text: string) => {
    if (gone()) throw new Error('The client went away');
    if (!out.write(text)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };
  void db
    .transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      await tx.execute(sql`declare csv_download no scroll cursor for ${download.query}`);
      await write(`\uFEFF${csvLine(download.header)}`);
      for (;;) {
        const rows = rowsOf<Row>(await tx.execute(sql.raw(`fetch ${BATCH} from csv_download`)));
        if (rows.length === 0) break;
        await write(rows.map((row) => csvLine(download.toCells(row))).join(''));
      }
      await tx.execute(sql`close csv_download`);
    })
    .then(
      () => out.end(),
      (error: unknown) => {
        reply.log.warn({ err: error }, 'CSV download stopped');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  const name = download.filename.replace(/[^\w.-]/g, '_');
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(out);
}
