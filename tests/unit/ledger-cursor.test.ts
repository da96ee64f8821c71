import { describe, expect, it } from 'vitest';
import { advance, type CursorState } from '../../src/server/live/ledger-cursor.js';

/** Issue 32: the ledger is announced by reading it after a cursor; a seq read late must not be lost, nor waited for forever. */
describe('the ledger cursor', () => {
  const start: CursorState = { seq: 10, holes: [] };

  it('moves to the highest seq read, and nothing is a hole when the seqs follow on', () => {
    expect(advance(start, [11, 12, 13], { xmin: '100', xmax: '105' }, 0)).toEqual({ seq: 13, holes: [] });
    expect(advance(start, [], { xmin: '100', xmax: '105' }, 0)).toEqual(start);
  });

  it('keeps a seq not yet visible (its transaction still open) as a hole, and lets it go once it has been read', () => {
    const next = advance(start, [11, 13], { xmin: '100', xmax: '105' }, 0);
    expect(next).toEqual({ seq: 13, holes: [{ seq: 12, xmax: '105', at: 0 }] });
    // Still open in the next reading's snapshot: kept.
    expect(advance(next, [], { xmin: '101', xmax: '107' }, 5000).holes).toHaveLength(1);
    // Committed and read: gone.
    expect(advance(next, [12], { xmin: '101', xmax: '107' }, 5000)).toEqual({ seq: 13, holes: [] });
  });

  it('gives a hole up once every transaction older than the snapshot it was found in has ended (it was rolled back), not before the grace time', () => {
    const next = advance(start, [11, 13], { xmin: '100', xmax: '105' }, 0);
    expect(advance(next, [], { xmin: '105', xmax: '110' }, 500).holes).toHaveLength(1);
    expect(advance(next, [], { xmin: '105', xmax: '110' }, 5000).holes).toEqual([]);
  });

  it('compares transaction ids as the 64-bit numbers they are', () => {
    const next = advance(start, [11, 13], { xmin: '9007199254740993', xmax: '9007199254740995' }, 0);
    expect(advance(next, [], { xmin: '9007199254740994', xmax: '9007199254740999' }, 5000).holes).toHaveLength(1);
  });
});
