import type { LiveProvider } from '@refinedev/core';
import type { ChangeEvent } from './live/change-event';
import { concerns, createBatcher, type LiveSubscription } from './live/live-batches';
import { subscriptionOf, type SubscribeOptions } from './live/subscription';

/** Where the live provider's changes come from (event-stream.ts in the app, a fake in tests). */
export type ChangeSource = {
  start(): void;
  stop(): void;
};

export type LiveProviderOptions = {
  /** Built with the provider's own handlers: the changes it hears, a reset, whether it is live. */
  openSource(handlers: { onChange(change: ChangeEvent): void; onReset(): void; onHealth(live: boolean): void }): ChangeSource;
  /** Reads again every data query on screen (a reset, and each tick of the fallback). */
  refreshAll(): void;
  /** While the stream is down, screens are refreshed this often. */
  pollMs?: number;
  batchMs?: number;
};

/**
 * Refine's live provider on the API's Server-Sent Events: one stream per signed-in session, opened on the first
 * subscription; each change reaches the screens showing its resource (liveMode 'auto' reads their data again), at most
 * once per screen per batch window. While the stream keeps failing, every screen is refreshed every 30 s instead.
 */
export function createLiveProvider({ openSource, refreshAll, pollMs = 30_000, batchMs = 250 }: LiveProviderOptions) {
  const subscriptions = new Set<LiveSubscription>();
  const batcher = createBatcher(batchMs);
  let poll: ReturnType<typeof setInterval> | null = null;

  const stopPolling = () => {
    if (poll !== null) clearInterval(poll);
    poll = null;
  };

  const source = openSource({
    onChange(change) {
      for (const subscription of subscriptions) if (concerns(subscription, change)) batcher.add(subscription, change);
    },
    onReset: refreshAll,
    onHealth(live) {
      stopPolling();
      if (!live) poll = setInterval(refreshAll, pollMs);
    },
  });

  const provider: LiveProvider & { endSession(): void } = {
    subscribe(options: SubscribeOptions) {
      const subscription = subscriptionOf(options);
      subscriptions.add(subscription);
      source.start();
      return subscription;
    },
    unsubscribe(subscription: LiveSubscription) {
      subscriptions.delete(subscription);
      batcher.drop(subscription);
    },
    /** Sign-out or another user: the stream closes, and opens again for the screens still listening, as the new user. */
    endSession() {
      source.stop();
      batcher.clear();
      stopPolling();
      if (subscriptions.size) source.start();
    },
  };
  return provider;
}
