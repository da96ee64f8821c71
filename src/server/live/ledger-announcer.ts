import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { APP_EVENTS_CHANNEL, RESET_PAYLOAD, type AppEvent } from './event-hub.js';
import { advance, type CursorState } from './ledger-cursor.js';
import { repeat } from '../repeat.js';
import { ledgerSequence } from '../db/ledger-sequence.js';

/** One process at a time announces the ledger: whoever takes this lock for its cycle. */
const ANNOUNCER_LOCK = 727_275;
/** A NOTIFY payload must stay under 8,000 bytes. */
const PAYLOAD_BYTES = 7000;
/**
 * Rows read per cycle. A full batch is a backlog (a stock take applied to thousands of products, a bulk load): it is
 * announced as one reset (every screen reads itself again) instead of thousands of events, and the next batch is read
 * at once.
 */
const BATCH = 2000;

type Row = {
  xmin: string;
  xmax: string;
  seq: number | string | null;
  record_id: string | null;
  warehouse_id: string;
  reason: string;
  user_id: string | null;
  user_name: string | null;
  created: string | Date;
};

/** Events packed into as few payloads as fit: one NOTIFY each. */
function payloads(events: AppEvent[]): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  let bytes = 2;
  for (const event of events) {
    const text = JSON.stringify(event);
    if (batch.length && bytes + text.length + 1 > PAYLOAD_BYTES) {
      out.push(`[${batch.join(',')}]`);
      batch = [];
      bytes = 2;
    }
    batch.push(text);
    bytes += text.length + 1;
  }
  if (batch.length) out.push(`[${batch.join(',')}]`);
  return out;
}

/**
 * Announces the ledger's new rows on the channel every change goes to (event-hub.ts), a few times a second. A stock
 * write does not NOTIFY in its own transaction: PostgreSQL makes the commits of notifying transactions wait for each
 * other (a cluster-wide lock), which cost stock writes a third of their throughput in bench:stock. The ledger is kept
 * anyway, so one process at a time (an advisory lock) reads what was added since its cursor and announces it in one
 * small transaction; the cursor lives in the database, so another process takes over exactly where it stopped.
 */
export function ledgerAnnouncer(db: Db, counted: (kind: 'read' | 'idle') => void, intervalMs = 200) {
  /**
   * The ledger's sequence when a cycle of this process found the cursor caught up with it (every seq up to it announced,
   * no hole left), whichever process had moved the cursor there: while the sequence stays there, no ledger row can have
   * been written since, by any process, and a cycle is one read of the sequence instead of a transaction (an idle server
   * ran five a second: 3% of a core on the embedded database).
   */
  let settledAt: number | null = null;

  /** One cycle; true when it met a backlog. */
  async function cycle(): Promise<boolean> {
    // Read before the cycle's snapshot: every seq up to it was taken before the rows are read.
    const sequence = await ledgerSequence(db);
    if (sequence === settledAt) {
      counted('idle');
      return false;
    }
    settledAt = null;
    counted('read');
    const { backlog, settled } = await db.transaction(async (tx) => {
      const [lock] = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${ANNOUNCER_LOCK}) as got`));
      const [cursor] = rowsOf<{ seq: number | string; holes: CursorState['holes'] }>(
        await tx.execute(sql`select seq, holes from live_ledger_cursor where id = 1`),
      );
      if (!cursor) return { backlog: false, settled: false };
      const state: CursorState = { seq: Number(cursor.seq), holes: cursor.holes };
      const caughtUp = (at: CursorState) => at.holes.length === 0 && at.seq === sequence;
      // Another process announces: this one idles too once the cursor it keeps has caught up with the sequence.
      if (!lock?.got) return { backlog: false, settled: caughtUp(state) };
      const holes = `{${state.holes.map((h) => h.seq).join(',')}}`;
      // The snapshot and the rows in one statement: the holes are judged by the snapshot the rows were read under. The
      // rows after the cursor and the holes (all below it) are two index reads: as one `seq > … or seq = any(…)`, the
      // planner walked the seq index from the ledger's first row to the cursor, filtering (80 ms at 1M movements, about
      // 1 s at 10M, five times a second).
      const rows = rowsOf<Row>(
        await tx.execute(sql`
        select s.xmin, s.xmax, m.seq, i.id as record_id, m.warehouse_id, coalesce(m.movement_reason, m.movement_type) as reason,
               m.performed_by as user_id, nullif(trim(u.firstname || ' ' || u.lastname), '') as user_name, m.created
          from (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax) s
          left join lateral (
            select * from ((select * from stock_movements m where m.seq > ${state.seq} order by m.seq limit ${BATCH})
                           union all (select * from stock_movements m where m.seq = any(${holes}::bigint[]))) m
             order by m.seq limit ${BATCH}) m on true
          left join inventory i on i.product_id = m.product_id and i.warehouse_id = m.warehouse_id
          left join users u on u.id = m.performed_by
         order by m.seq`),
      );
      const found = rows.filter((r) => r.seq !== null);
      const next = advance(
        state,
        found.map((r) => Number(r.seq)),
        rows[0]!,
      );
      const backlog = found.length >= BATCH;
      const events = found.map((r) => ({
        id: `m${r.seq}`,
        resource: 'inventory',
        action: `stock-${r.reason}`,
        record_id: r.record_id,
        warehouses: [r.warehouse_id],
        user_id: r.user_id,
        user_name: r.user_name,
        at: new Date(r.created).toISOString(),
      }));
      for (const payload of backlog ? [RESET_PAYLOAD] : payloads(events)) {
        await tx.execute(sql`select pg_notify(${APP_EVENTS_CHANNEL}, ${payload})`);
      }
      if (next.seq !== state.seq || JSON.stringify(next.holes) !== JSON.stringify(state.holes)) {
        await tx.execute(sql`update live_ledger_cursor set seq = ${next.seq}, holes = ${JSON.stringify(next.holes)}::jsonb where id = 1`);
      }
      return { backlog, settled: !backlog && caughtUp(next) };
    });
    // Only once the cursor's update has committed: a failed commit leaves the next cycle a whole one.
    if (settled) settledAt = sequence;
    return backlog;
  }

  // A failed cycle (the database away for a moment) is tried again at the next one: the cursor has not moved.
  return repeat(intervalMs, async () => ((await cycle().catch(() => false)) ? 0 : intervalMs));
}
