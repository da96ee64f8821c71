import type { Listen } from '../db/client.js';

export type NotifiedCache<V> = {
  get(key: string): Promise<V>;
  /** Forget one key, or everything: a change this process made, or one the database announced. */
  forget(key?: string): void;
};

/**
 * Values read from the database, cached per process until the database announces a change (LISTEN/NOTIFY, see
 * `listenForChanges`). `ttlMs` only bounds what a missed announcement can cost. A read under way across a change is
 * answered once and never cached: it may have read the row before the change committed.
 */
export function notifiedCache<V>(load: (key: string) => Promise<V>, ttlMs: number, maxEntries = 50_000): NotifiedCache<V> {
  const cache = new Map<string, { value: V; at: number }>();
  const loading = new Map<string, Promise<V>>();
  let generation = 0;

  return {
    get(key) {
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return Promise.resolve(hit.value);
      let pending = loading.get(key);
      if (!pending) {
        const seen = generation;
        const read: Promise<V> = load(key)
          .then((value) => {
            if (seen === generation && ttlMs > 0) {
              if (cache.size >= maxEntries) cache.clear();
              cache.set(key, { value, at: Date.now() });
            }
            return value;
          })
          .finally(() => {
            if (loading.get(key) === read) loading.delete(key);
          });
        loading.set(key, read);
        pending = read;
      }
      return pending;
    },
    forget(key) {
      generation++;
      if (key === undefined) {
        cache.clear();
        loading.clear();
      } else {
        cache.delete(key);
        loading.delete(key);
      }
    },
  };
}

/**
 * Keeps a cache true to the database: a notification on `channel` forgets the key it names (`keyed`) or everything;
 * a lost connection, which may have missed some, forgets everything. Resolves to the function that stops listening.
 */
export function listenForChanges(listen: Listen, channel: string, cache: Pick<NotifiedCache<unknown>, 'forget'>, keyed: boolean) {
  return listen(
    channel,
    (payload) => cache.forget(keyed ? payload.toLowerCase() : undefined),
    () => cache.forget(),
  );
}
