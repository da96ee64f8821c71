import { createElement, lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/** The reloads of every code chunk that failed to arrive (server stopped, network gone). */
const failedChunks = new Set<() => Promise<void>>();

/** A lazy component whose code can also be asked for ahead of its first render. */
export type LazyComponent<P extends object = object> = ComponentType<P> & {
  /** Starts the download now (a cold load of the screen asks for it beside the app's code); a failure is left to the render. */
  preload(): void;
};

/**
 * `React.lazy`, but able to load again: React keeps a lazy component's failed import for good, so a screen whose code
 * could not be fetched would stay broken until a full reload. Here a failed chunk can be asked for again
 * (`reloadFailedChunks`); once it arrives, the component renders from a fresh lazy wrapper around it.
 */
export function retryableLazy<P extends object>(load: () => Promise<Module<P>>): LazyComponent<P> {
  // One download for a preload and the render that follows it; forgotten when it fails, so the render asks again.
  let pending: Promise<Module<P>> | null = null;
  const loadOnce = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
  // React's lazy types its props loosely for generic P: one cast where it is created.
  let current = lazy(() => loadOnce().catch(remember)) as unknown as ComponentType<P>;

  async function reload(): Promise<void> {
    const module = await load();
    current = lazy(() => Promise.resolve(module)) as unknown as ComponentType<P>;
    failedChunks.delete(reload);
  }
  function remember(error: unknown): never {
    failedChunks.add(reload);
    throw error;
  }

  function RetryableLazy(props: P) {
    // A plain function reading `current` at render time: after a reload it renders the fresh wrapper.
    return createElement(current, props);
  }
  return Object.assign(RetryableLazy, { preload: () => void loadOnce().catch(() => undefined) });
}

/** Asks again for every chunk that failed to load; resolves once all have arrived, rejects while one still fails. */
export async function reloadFailedChunks(): Promise<void> {
  await Promise.all([...failedChunks].map((reload) => reload()));
}

/** Browsers word it differently: Chromium 'Failed to fetch dynamically imported module', Firefox 'error loading…', Safari 'Importing a module script failed'. */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch/i;

export const isChunkLoadError = (error: unknown): boolean => error instanceof Error && CHUNK_FAILURE.test(error.message);

/** The chunk's address when the browser names it in the message (Chromium and Firefox do). */
export function chunkUrlOf(error: unknown): string | null {
  const match = error instanceof Error ? /https?:\/\/\S+?\.(?:js|css)\b/.exec(error.message) : null;
  return match ? match[0] : null;
}
