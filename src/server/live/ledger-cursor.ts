/**
 * Where the announcing of the ledger stands (table live_ledger_cursor): the last seq announced, and the seqs below it
 * not yet seen. A ledger row's seq is taken when it is written, not when its transaction commits, so a later seq can be
 * read before an earlier one: the earlier one is a hole until it shows up or its transaction is known to have ended.
 */
export type Hole = { seq: number; xmax: string; at: number };
export type CursorState = { seq: number; holes: Hole[] };
/** The reading's snapshot: every transaction below `xmin` has ended; every one from `xmax` on had not begun. */
export type Snapshot = { xmin: string; xmax: string };

/** A hole is kept at least this long: a transaction may take its seq a moment before it takes its transaction id. */
const HOLE_GRACE_MS = 2000;
/** More holes than this (a huge rolled-back import) are not waited for. */
const MAX_HOLES = 10_000;

/** The state after reading, under `snapshot`, the rows after `state.seq` and those of its holes: `seen`, ascending. */
export function advance(state: CursorState, seen: readonly number[], snapshot: Snapshot, now = Date.now()): CursorState {
  const found = new Set(seen);
  const top = Math.max(state.seq, ...seen);
  const xmin = BigInt(snapshot.xmin);
  // A hole whose writers have all ended (every transaction older than the snapshot it was found in) was rolled back.
  const holes = state.holes.filter((h) => !found.has(h.seq) && (xmin < BigInt(h.xmax) || now - h.at < HOLE_GRACE_MS));
  for (let seq = state.seq + 1; seq < top && holes.length < MAX_HOLES; seq++) {
    if (!found.has(seq)) holes.push({ seq, xmax: snapshot.xmax, at: now });
  }
  return { seq: top, holes };
}
