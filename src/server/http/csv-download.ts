import { PassThrough } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { isEmbedded, type Db, type DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { csvLine, type CsvCell } from '../../domain/csv.js';

/** Rows fetched from the cursor at a time: what the API holds in memory, whatever the size of the download. */
const BATCH = 2000;

/**
 * Where a download's rows come from: one statement, read through a cursor, and what a batch of its raw rows becomes
 * (`rows`: a list's rows as the list sends them, given the statement's flat fields; default the rows as they are).
 * `lines`: where each column is a field's plain value, the same statement answering each row as its CSV line under
 * these columns (src/server/db/csv-line.ts), for a download that writes no cell of its own.
 */
export type RowSource<Row> = {
  query: SQL;
  rows?: (db: DbOrTx, raw: Record<string, unknown>[]) => Promise<Row[]> | Row[];
  lines?: (keys: readonly string[]) => SQL;
};

/** A download: its file's name, its header, and a row's cells (or its whole CSV line, where the caller writes it faster). */
export type CsvDownload<Row> = { filename: string; header: readonly string[] } & (
  { toCells: (row: Row) => readonly CsvCell[] } | { toLine: (row: Row) => string }
) &
  RowSource<Row>;

/**
 * Once the reader has taken what was written (or gone away). Its listeners go with it: `Promise.race` of two
 * `events.once` would leave the loser's behind at every wait, a leak that grows with the rows.
 */
const drained = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });

/** Names of the embedded database's open cursors: several downloads may run at once on its one connection. */
let cursors = 0;

/**
 * Streams rows as a CSV download: a server-side cursor fetched a batch at a time and written as the client reads, so
 * memory does not grow with the rows and nothing is cut short; a failure part-way ends the response unfinished (the
 * client sees a broken download, never a short file that looks whole). A client that goes away ends the reading. The
 * byte-order mark makes spreadsheet programs read ₹ and Hindi names as UTF-8.
 *
 * PostgreSQL: one read-only REPEATABLE READ transaction on one pooled connection, the rows read as the client takes
 * them, every statement (a batch's own, a document's line sums) in the same snapshot. The embedded database (PGlite)
 * has ONE connection, which a transaction would hold for the whole download, every other request waiting: there the
 * cursor is declared WITH HOLD outside any transaction — one statement that reads every row of the download at once,
 * into a temporary file past 4 MB of them, other requests waiting only while it runs — and each FETCH of a batch is
 * then its own short statement, between which other requests run. The rows are of one instant on both.
 */
export function sendCsvDownload<Row>(reply: FastifyReply, db: Db, download: CsvDownload<Row>): FastifyReply {
  const out = new PassThrough();
  const gone = () => out.destroyed || out.writableEnded;
  const write = async (text: string) => {
    if (gone()) throw new Error('The client went away');
    if (!out.write(text)) await drained(out);
  };
  const { query, rows = (_: DbOrTx, raw: Record<string, unknown>[]) => raw as Row[] } = download;
  const lineOf = 'toLine' in download ? download.toLine : (row: Row) => csvLine(download.toCells(row));
  /**
   * Writes every batch the cursor `name` gives, each read on `on`. The next batch is asked for before this one is
   * written: the database reads it while this process writes (on PostgreSQL, two processes at once), instead of each
   * waiting for the other, batch after batch.
   */
  const copy = async (on: DbOrTx, name: string) => {
    const fetch = () => on.execute(sql.raw(`fetch ${BATCH} from ${name}`)).then((r) => rowsOf<Record<string, unknown>>(r));
    await write(`\uFEFF${csvLine(download.header)}`);
    let next = fetch();
    for (;;) {
      const fetched = await next;
      if (fetched.length === 0) break;
      next = fetch();
      // A failed write must not leave the next batch's rejection unhandled.
      next.catch(() => undefined);
      await write((await rows(on, fetched)).map(lineOf).join(''));
    }
  };
  const run = isEmbedded(db)
    ? async () => {
        const name = `csv_download_${++cursors}`;
        await db.execute(sql`declare ${sql.raw(name)} no scroll cursor with hold for ${query}`);
        try {
          await copy(db, name);
        } finally {
          await db.execute(sql.raw(`close ${name}`));
        }
      }
    : () =>
        db.transaction(
          async (tx) => {
            await tx.execute(sql`declare csv_download no scroll cursor for ${query}`);
            await copy(tx, 'csv_download');
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
  void run().then(
    () => out.end(),
    (error: unknown) => {
      reply.log.warn({ err: error }, 'CSV download stopped');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  const name = download.filename.replace(/[^\w.-]/g, '_');
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(out);
}
