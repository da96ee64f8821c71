import os from 'node:os';
import { retryLater } from '../http/errors.js';

export type HashQueueOptions = {
  /** Hashes computed at once: never more than the machine's cores, so a flood cannot starve the API. */
  width: number;
  /** Requests that may wait for a free slot; a request that finds the line full is refused (503) at once. */
  maxWaiting: number;
  /** A request still waiting after this long is refused (503) instead of stalling. */
  maxWaitMs: number;
  /** Hashes one client (address) may have running or waiting; beyond that, 429 at once. */
  perClient: number;
};

export const HASHING_BUSY_MESSAGE = 'Sign-in is busy right now. Please try again in a moment.';
export const CLIENT_BUSY_MESSAGE = 'Too many sign-in attempts at once from your address. Please try again in a moment.';

export function defaultHashQueueOptions(): HashQueueOptions {
  const cores = Math.max(1, os.availableParallelism());
  // Two waiting per core: a waiting request starts within about two hash times, so a real sign-in under a
  // flood costs at most ~3× an idle one, and the flood gets fast 503s instead of a growing line.
  return { width: cores, maxWaiting: 2 * cores, maxWaitMs: 2000, perClient: cores };
}

type Waiting = { start: () => void; timer?: NodeJS.Timeout };

/** A bounded, first-come first-served line for password hashing (the slow, memory-hungry part of a sign-in). */
export function createHashQueue(options: HashQueueOptions) {
  const width = Math.max(1, Math.min(options.width, os.availableParallelism()));
  let running = 0;
  const waiting: Waiting[] = [];
  const perClient = new Map<string, number>();

  const startNext = () => {
    while (running < width && waiting.length) {
      const job = waiting.shift()!;
      clearTimeout(job.timer);
      running++;
      job.start();
    }
  };

  const slot = (deadlineMs?: number) =>
    new Promise<void>((resolve, reject) => {
      const job: Waiting = { start: resolve };
      if (deadlineMs !== undefined) {
        job.timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(job), 1);
          reject(retryLater(503, HASHING_BUSY_MESSAGE, 1));
        }, deadlineMs);
      }
      waiting.push(job);
    });

  const release = (client: string) => {
    const left = (perClient.get(client) ?? 1) - 1;
    if (left > 0) perClient.set(client, left);
    else perClient.delete(client);
  };

  return {
    width,
    /**
     * Runs a hash when a slot is free. A request that names its client (a sign-in, anyone on the internet) is
     * refused rather than stalled: 429 when that client already holds `perClient` places, 503 when the line is
     * full or it waited `maxWaitMs`. Work without a client (an admin saving a user, seeding) always waits its turn.
     */
    async run<T>(task: () => Promise<T>, client?: string): Promise<T> {
      if (client !== undefined) {
        const mine = perClient.get(client) ?? 0;
        if (mine >= options.perClient) throw retryLater(429, CLIENT_BUSY_MESSAGE, 1);
        if (running >= width && waiting.length >= options.maxWaiting) throw retryLater(503, HASHING_BUSY_MESSAGE, 1);
        perClient.set(client, mine + 1);
      }
      try {
        if (running < width) running++;
        else await slot(client === undefined ? undefined : options.maxWaitMs);
        try {
          return await task();
        } finally {
          running--;
          startNext();
        }
      } finally {
        if (client !== undefined) release(client);
      }
    },
    /** For tests and benches. */
    stats: () => ({ running, waiting: waiting.length }),
  };
}

export type HashQueue = ReturnType<typeof createHashQueue>;
