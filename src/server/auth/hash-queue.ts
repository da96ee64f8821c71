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
  /**
   * Places in the device lane: sign-ins from a browser that signed in to that account before (a valid device cookie).
   * The lane is served before the line, and none of the line's refusals apply to it, so a flood of strangers cannot
   * keep a known user out; it is small, as one browser signs in now and then (and a cookie failing is locked out).
   */
  deviceLane?: number;
};

/** Which line a hash waits in: the device lane, or the line everyone else shares. */
export type HashLane = 'device' | 'line';

export const HASHING_BUSY_MESSAGE = 'Sign-in is busy right now. Please try again in a moment.';
const RETRY_AFTER_SECONDS = 1;
export const CLIENT_BUSY_MESSAGE = 'Too many sign-in attempts at once from your address. Please try again in a moment.';

export function defaultHashQueueOptions(): HashQueueOptions {
  const cores = Math.max(1, os.availableParallelism());
  // Two waiting per core: a waiting request starts within about two hash times, so a real sign-in under a
  // flood costs at most ~3× an idle one, and the flood gets fast 503s instead of a growing line.
  return { width: cores, maxWaiting: 2 * cores, maxWaitMs: 2000, perClient: cores, deviceLane: 2 * cores };
}

type Waiting = { start: () => void; timer?: NodeJS.Timeout };

/** A bounded, first-come first-served line for password hashing (the slow, memory-hungry part of a sign-in). */
export function createHashQueue(options: HashQueueOptions) {
  const width = Math.max(1, Math.min(options.width, os.availableParallelism()));
  let running = 0;
  const waiting: Waiting[] = [];
  const deviceWaiting: Waiting[] = [];
  const perClient = new Map<string, number>();
  // A client refused is told to come back after a second (Retry-After). One that comes back sooner is refused
  // unheard: a flood that ignores Retry-After cannot crowd out the clients that honour it.
  const backOffUntil = new Map<string, number>();
  const refuse = (client: string, status: 429 | 503, message: string) => {
    const now = Date.now();
    if (backOffUntil.size > 10_000) for (const [c, until] of backOffUntil) if (until <= now) backOffUntil.delete(c);
    backOffUntil.set(client, now + RETRY_AFTER_SECONDS * 1000);
    return retryLater(status, message, RETRY_AFTER_SECONDS);
  };

  const startNext = () => {
    while (running < width && (deviceWaiting.length || waiting.length)) {
      const job = (deviceWaiting.length ? deviceWaiting : waiting).shift()!;
      clearTimeout(job.timer);
      running++;
      job.start();
    }
  };

  const slot = (client: string | undefined, line: Waiting[]) =>
    new Promise<void>((resolve, reject) => {
      const job: Waiting = { start: resolve };
      if (client !== undefined) {
        job.timer = setTimeout(() => {
          line.splice(line.indexOf(job), 1);
          reject(line === waiting ? refuse(client, 503, HASHING_BUSY_MESSAGE) : retryLater(503, HASHING_BUSY_MESSAGE, RETRY_AFTER_SECONDS));
        }, options.maxWaitMs);
      }
      line.push(job);
    });

  const release = (client: string) => {
    const left = (perClient.get(client) ?? 1) - 1;
    if (left > 0) perClient.set(client, left);
    else perClient.delete(client);
  };

  /** Throws the refusal `run` would give this client now. */
  const admit = (client: string) => {
    if ((perClient.get(client) ?? 0) >= options.perClient) throw refuse(client, 429, CLIENT_BUSY_MESSAGE);
    if ((backOffUntil.get(client) ?? 0) > Date.now()) throw refuse(client, 503, HASHING_BUSY_MESSAGE);
    if (running >= width && waiting.length >= options.maxWaiting) throw refuse(client, 503, HASHING_BUSY_MESSAGE);
  };

  return {
    width,
    /** Refuses at once a client the line would refuse: a sign-in checks this before any database work. */
    admit,
    /**
     * Runs a hash when a slot is free. A request that names its client (a sign-in, anyone on the internet) is
     * refused rather than stalled: 429 when that client already holds `perClient` places, 503 when the line is
     * full, it waited `maxWaitMs`, or it was refused less than Retry-After ago. Work without a client (an admin
     * saving a user, seeding) always waits its turn. The device lane goes first and is refused only when it is full.
     */
    async run<T>(task: () => Promise<T>, client?: string, lane: HashLane = 'line'): Promise<T> {
      const counted = client !== undefined && lane === 'line';
      if (counted) {
        admit(client);
        backOffUntil.delete(client);
        perClient.set(client, (perClient.get(client) ?? 0) + 1);
      } else if (lane === 'device' && running >= width && deviceWaiting.length >= (options.deviceLane ?? 2 * width)) {
        throw retryLater(503, HASHING_BUSY_MESSAGE, RETRY_AFTER_SECONDS);
      }
      try {
        if (running < width) running++;
        else await slot(client, lane === 'device' ? deviceWaiting : waiting);
        try {
          return await task();
        } finally {
          running--;
          startNext();
        }
      } finally {
        if (counted) release(client);
      }
    },
    /** For tests and benches. */
    stats: () => ({ running, waiting: waiting.length + deviceWaiting.length }),
  };
}

export type HashQueue = ReturnType<typeof createHashQueue>;
