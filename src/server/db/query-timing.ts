/** Hears how long each statement took, in seconds (the metrics' query-time histogram). */
export type QueryObserver = (seconds: number) => void;

type Method = (...args: unknown[]) => unknown;

/**
 * Times the statements a database driver runs, for whoever observes: node-postgres clients as the pool connects them
 * (pool.query calls its client's query with a callback), PGlite's query, exec and transaction handles. A wrapped method
 * returns exactly what the driver's does (a promise, a cursor, nothing with a callback); two clock reads per statement.
 */
export function queryTiming() {
  const observers = new Set<QueryObserver>();
  const timed = (run: Method): Method =>
    function (this: unknown, ...args: unknown[]) {
      if (observers.size === 0) return run.apply(this, args);
      const started = performance.now();
      const done = () => {
        const seconds = (performance.now() - started) / 1000;
        for (const observer of observers) observer(seconds);
      };
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = function (this: unknown, ...results: unknown[]) {
          done();
          return callback.apply(this, results) as unknown;
        };
        return run.apply(this, args);
      }
      const result = run.apply(this, args);
      if (result instanceof Promise) result.then(done, done);
      return result;
    };
  return {
    /** Wraps the named methods of a driver object in place. */
    wrap<T extends object>(target: T, methods: readonly (keyof T & string)[]): T {
      for (const name of methods) {
        Object.defineProperty(target, name, { value: timed(target[name] as Method), configurable: true, writable: true });
      }
      return target;
    },
    observe(observer: QueryObserver): () => void {
      observers.add(observer);
      return () => void observers.delete(observer);
    },
  };
}
