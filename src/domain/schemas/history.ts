import { z } from 'zod';
import { listQuery } from './common.js';
import { calendarDay } from './dates.js';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const text = (label: string, max: number) =>
  z.preprocess(
    blank,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

/** GET /history: entries newest first; from/to are business days (India time), both ends included. */
export const historyQuery = listQuery
  .omit({ q: true, sort: true, order: true })
  .extend({
    resource: text('resource', 60),
    record_id: text('record_id', 100),
    user_id: text('user_id', 64),
    action: text('action', 60),
    from: z.preprocess(blank, calendarDay('from').optional()),
    to: z.preprocess(blank, calendarDay('to').optional()),
    limit: listQuery.shape.limit.default(20),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to must be on or after from' });
export type HistoryQuery = z.infer<typeof historyQuery>;

/** One step of a record's history as a document's answer carries it (its `history`, oldest first). */
export type HistoryEntry = {
  action: string;
  changes: Record<string, [unknown, unknown]> | null;
  note: string;
  user_id: string | null;
  user_name: string | null;
  at: string;
};

/** One entry of GET /history: who did what to which record, when; for an update each changed field as [before, after]. */
export type HistoryItem = HistoryEntry & {
  _id: string;
  resource: string;
  record_id: string;
  /** What a person calls the record, as it was then ('Toned Milk', 'PO-2026-00042'); null where nothing names it. */
  record_label: string | null;
  warehouse_id: string | null;
};
