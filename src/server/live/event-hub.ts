import type { Listen } from '../db/client.js';

/** Channel of the change announcements (functions/70-events.sql). */
export const APP_EVENTS_CHANNEL = 'app_events';

/** One committed change, as the database announced it: what changed, never its values. */
export type AppEvent = {
  id: string;
  resource: string;
  action: string;
  record_id: string | null;
  warehouses: string[];
  user_id: string | null;
  user_name: string | null;
  at: string;
};

/** A connection hearing the changes: `reset` when some may have been missed (the database connection dropped). */
export type Subscriber = { hear(event: AppEvent): void; reset(): void; tick(): void; close(): void };

export type EventHubOptions = {
  /** How many of the newest events a reconnecting client may catch up on (Last-Event-ID), and for how long. */
  keep?: number;
  keepMs?: number;
  /** How often each subscriber's `tick` runs (its session check and keep-alive). */
  tickMs?: number;
};

function eventOf(value: unknown): AppEvent | null {
  const e = value as Partial<AppEvent> | null;
  if (!e || typeof e.id !== 'string' || typeof e.resource !== 'string' || typeof e.action !== 'string') return null;
  return {
    id: e.id,
    resource: e.resource,
    action: e.action,
    record_id: e.record_id ?? null,
    warehouses: Array.isArray(e.warehouses) ? e.warehouses : [],
    user_id: e.user_id ?? null,
    user_name: e.user_name ?? null,
    at: typeof e.at === 'string' ? e.at : new Date().toISOString(),
  };
}

/** What a bulk change announces instead of its many events: every screen reads itself again. */
export const RESET_PAYLOAD = '{"reset":true}';

/**
 * A payload is one event (a history entry's trigger), several (the ledger's announcer, ledger-announcer.ts), or a
 * reset (a transaction or a backlog too large to announce change by change): 'reset'.
 */
function parse(payload: string): AppEvent[] | 'reset' {
  if (payload === RESET_PAYLOAD) return 'reset';
  try {
    const value: unknown = JSON.parse(payload);
    return (Array.isArray(value) ? value : [value]).map(eventOf).filter((e): e is AppEvent => e !== null);
  } catch {
    return [];
  }
}

/**
 * One per API process: hears every committed change of every process (LISTEN on its own connection; PGlite in-process)
 * and hands it to this process's subscribers. Every process hears the same events in commit order, so the newest ones
 * kept here let a client that reconnects, to this process or another, catch up from the last id it saw.
 */
export async function eventHub(listen: Listen, options: EventHubOptions = {}) {
  const keep = options.keep ?? 10_000;
  const keepMs = options.keepMs ?? 10 * 60_000;
  const subscribers = new Set<Subscriber>();
  // Oldest first; `received` is when this process heard each (the window is of this process's time).
  let recent: { event: AppEvent; received: number }[] = [];

  const forget = () => {
    const now = Date.now();
    let drop = Math.max(0, recent.length - keep);
    while (drop < recent.length && now - recent[drop]!.received > keepMs) drop++;
    if (drop > 0) recent = recent.slice(drop);
  };

  // Nobody can catch up across a gap (the connection was down) or a bulk change (announced as a reset).
  const resetAll = () => {
    recent = [];
    for (const subscriber of subscribers) subscriber.reset();
  };
  const stopListening = await listen(
    APP_EVENTS_CHANNEL,
    (payload) => {
      const events = parse(payload);
      if (events === 'reset') return resetAll();
      for (const event of events) {
        recent.push({ event, received: Date.now() });
        for (const subscriber of subscribers) subscriber.hear(event);
      }
      if (recent.length > keep * 1.1) forget();
    },
    resetAll,
  );

  const ticker = setInterval(() => {
    forget();
    for (const subscriber of subscribers) subscriber.tick();
  }, options.tickMs ?? 1000);
  ticker.unref();

  return {
    subscribe(subscriber: Subscriber): () => void {
      subscribers.add(subscriber);
      return () => void subscribers.delete(subscriber);
    },
    /** The events after `lastId`, oldest first; null when it is not among those kept (too old, or never heard here). */
    since(lastId: string): AppEvent[] | null {
      // From the newest back: a client reconnecting after a drop saw one of the last few.
      for (let at = recent.length - 1; at >= 0; at--) if (recent[at]!.event.id === lastId) return recent.slice(at + 1).map((r) => r.event);
      return null;
    },
    get subscriberCount() {
      return subscribers.size;
    },
    /** Ends every stream (the server is stopping: open streams would keep it from closing). */
    async close(): Promise<void> {
      clearInterval(ticker);
      for (const subscriber of subscribers) subscriber.close();
      subscribers.clear();
      await stopListening();
    },
  };
}

export type EventHub = Awaited<ReturnType<typeof eventHub>>;
