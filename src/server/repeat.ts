/**
 * Runs `cycle` after `firstDelayMs`, then again after the delay each cycle answers, until stopped. Its timers are
 * unref'd: a wait between cycles never keeps the process alive. `cycle` answers its own failures (a rejection is its bug).
 */
export function repeat(firstDelayMs: number, cycle: () => Promise<number>): { stop: () => Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      const next = cycle();
      running = next.then(() => undefined);
      void next.then(schedule);
    }, delay);
    timer.unref();
  };
  schedule(firstDelayMs);
  return {
    /** Stops after the cycle under way, if any. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
