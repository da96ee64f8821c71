import { useState } from 'react';

/** A v4 UUID; `crypto.randomUUID` exists only on secure origins, so plain-HTTP intranet hosts get the same from getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per submission: the same form content sent again (a double click, a retry after a lost
 * answer) carries the same key, so the API applies it once and replays its first answer; changed content is
 * a new submission with a new key. The key outlives a success on purpose: a stray repeat replays, never re-applies.
 */
export function keyPerSubmission(generate = newIdempotencyKey) {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(payload: unknown): string {
      const body = JSON.stringify(payload);
      if (last?.body !== body) last = { body, key: generate() };
      return last.key;
    },
  };
}

/** One key ring per form for its whole life. */
export function useIdempotencyKey() {
  return useState(() => keyPerSubmission())[0];
}
