import { useCallback, useEffect, useRef, useState } from 'react';
import { chunkUrlOf, isChunkLoadError, reloadFailedChunks } from './retryable-lazy';

/** How often a screen whose code did not arrive asks again (also at once when the browser goes back online). */
export const LOAD_RETRY_MS = 3_000;
/** A full reload at most this often, so a chunk the server keeps refusing cannot make the page reload forever. */
const RELOAD_GUARD_MS = 30_000;
const RELOADED_AT = 'grocery-backoffice-chunk-reload-at';

/** Whether the server answers at all (any status): the chunk's own address when the browser named it, else the app's root. */
async function serverAnswers(url: string | null): Promise<boolean> {
  try {
    await fetch(url ?? new URL('/', window.location.href).toString(), { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

function reloadPageOnce(): void {
  const last = Number(window.sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return;
  window.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
}

/**
 * What a failed screen does to come back: ask for its code again, every few seconds and when the browser is back
 * online, and render once it arrives. If the server answers but the code still does not load (a redeploy replaced the
 * chunk, or the browser keeps the failed fetch), a full page load brings the current build. Any other error (a defect
 * while rendering) waits for the Retry button, which renders the screen again.
 */
export function useLoadRecovery(error: Error, onRecovered: () => void) {
  const chunk = isChunkLoadError(error);
  const [retrying, setRetrying] = useState(false);
  const busy = useRef(false);

  const retry = useCallback(async () => {
    if (!chunk) return onRecovered();
    if (busy.current) return;
    busy.current = true;
    setRetrying(true);
    try {
      await reloadFailedChunks();
      onRecovered();
    } catch {
      if (await serverAnswers(chunkUrlOf(error))) reloadPageOnce();
    } finally {
      busy.current = false;
      setRetrying(false);
    }
  }, [chunk, error, onRecovered]);

  useEffect(() => {
    if (!chunk) return;
    const again = () => void retry();
    const timer = window.setInterval(again, LOAD_RETRY_MS);
    window.addEventListener('online', again);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', again);
    };
  }, [chunk, retry]);

  return { retry: () => void retry(), retrying, chunk };
}
