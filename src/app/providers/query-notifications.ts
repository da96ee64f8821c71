/**
 * React Query hands each batch of changes to the screen in a task of its own (a `setTimeout`): answers that arrive
 * together in separate batches, such as the access questions of a list's row buttons (an Edit and a Delete per
 * row, one query each), each made React render and commit on their own, 20–30 commits one after the other. Here the
 * batches scheduled before the first one runs share its task, so React renders them once (its automatic batching).
 */
export function coalescedScheduler(schedule: (run: () => void) => unknown = (run) => setTimeout(run, 0)): (callback: () => void) => void {
  let queue: (() => void)[] | null = null;
  return (callback) => {
    if (queue) {
      queue.push(callback);
      return;
    }
    queue = [callback];
    schedule(() => {
      const callbacks = queue ?? [];
      queue = null;
      for (const run of callbacks) {
        try {
          run();
        } catch (error) {
          // As with a task of its own: the error is reported, and the other batches still reach the screen.
          setTimeout(() => {
            throw error;
          }, 0);
        }
      }
    });
  };
}
