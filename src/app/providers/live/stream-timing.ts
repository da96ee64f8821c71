/** The server pings every 20 s: this long without a byte, the stream is stuck (a buffering proxy, a dead link). */
export const STALL_MS = 45_000;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/** Exponential backoff with jitter (so tabs that lost the server together do not all come back in the same second). */
export function nextDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}
