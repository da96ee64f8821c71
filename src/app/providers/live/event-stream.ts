import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import { parseChange, type ChangeEvent } from './change-event';
import { nextDelay, STALL_MS } from './stream-timing';

export type StreamHandlers = {
  onChange(change: ChangeEvent): void;
  /** Changes may have been missed: everything shown is read again. */
  onReset(): void;
  /** false: the stream keeps failing (screens fall back to periodic refresh); true: it is live again. */
  onHealth(live: boolean): void;
};

export type EventStreamOptions = {
  /** GET /api/events. */
  url: string;
  accessToken(): string | null;
  /** New tokens after a 401 or an `end`; rejects when the session is over, or with `isNetworkError` when offline. */
  refreshTokens(): Promise<unknown>;
  isNetworkError(error: unknown): boolean;
  /** Failures in a row before screens fall back to periodic refresh. */
  fallbackAfter?: number;
  fetch?: typeof fetch;
};

/** Why one connection ended: 'refresh' the token first (401, or the server's `end`), or 'retry' after a pause. */
type Outcome = 'refresh' | 'retry';

class Unauthorized extends Error {}
class Ended extends Error {}

/**
 * One Server-Sent Events connection to GET /api/events with the bearer token in a header (never in the URL: proxies log
 * URLs), which the browser's EventSource cannot send; fetch-event-source reads the stream. It reconnects by itself with
 * backoff, resending the last event's id; it refreshes the token on a 401 or an `end` and stops when the session is over.
 */
export function createEventStream(options: EventStreamOptions, handlers: StreamHandlers) {
  const fallbackAfter = options.fallbackAfter ?? 3;
  /** The running loop's ticket: a stop voids it, so a loop still winding down never runs beside a new one. */
  let ticket: object | null = null;
  let current: AbortController | null = null;
  let lastEventId: string | null = null;
  let failures = 0;
  /** null until known: the first failures in a row after a start are reported too. */
  let live: boolean | null = null;
  /** Tokens were just refreshed: a 401 straight after is a failure (a pause), not a reason to refresh again at once. */
  let justRefreshed = false;
  let wake: (() => void) | null = null;

  const setLive = (next: boolean | null) => {
    if (live === next) return;
    live = next;
    if (next !== null) handlers.onHealth(next);
  };

  /** Bytes arrived (an event, or the server's `: ping` every 20 s): the stream is live, even through a proxy. */
  const heard = () => {
    if (failures > 0 && lastEventId === null) handlers.onReset();
    failures = 0;
    justRefreshed = false;
    setLive(true);
  };

  function observed(onBytes: () => void): typeof fetch {
    const send = options.fetch ?? ((input, init) => fetch(input, init));
    return async (input, init) => {
      const response = await send(input, init);
      if (!response.body) return response;
      const body = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            onBytes();
            controller.enqueue(chunk);
          },
        }),
      );
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  }

  function onMessage(message: EventSourceMessage) {
    if (message.id) lastEventId = message.id;
    if (message.event === 'change') {
      const change = parseChange(message.data);
      if (change) handlers.onChange(change);
    } else if (message.event === 'reset') handlers.onReset();
    else if (message.event === 'end') throw new Ended(message.data);
  }

  async function connectOnce(token: string): Promise<Outcome> {
    const controller = new AbortController();
    current = controller;
    let stall: ReturnType<typeof setTimeout> | undefined;
    // A buffering proxy holds the stream back: silence longer than two pings is a failed connection.
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => controller.abort(), STALL_MS);
    };
    watch();
    try {
      await fetchEventSource(options.url, {
        signal: controller.signal,
        headers: { Authorization: `Bearer ${token}`, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
        // One connection per tab, kept while the tab is hidden: a screen comes back to the front already current.
        openWhenHidden: true,
        fetch: observed(() => {
          watch();
          heard();
        }),
        onopen: async (response) => {
          if (response.status === 401) throw new Unauthorized();
          const type = response.headers.get('content-type') ?? '';
          if (!response.ok || !type.startsWith('text/event-stream')) throw new Error(`GET /events answered ${response.status}`);
        },
        onmessage: onMessage,
        onclose: () => {
          throw new Error('The server closed the stream');
        },
        // The loop below retries: the library's own retry would keep the old token.
        onerror: (error: unknown) => {
          throw error;
        },
      });
      // Resolved: aborted, by stop() or for a stall.
      return 'retry';
    } catch (error) {
      return error instanceof Unauthorized || error instanceof Ended ? 'refresh' : 'retry';
    } finally {
      clearTimeout(stall);
      if (current === controller) current = null;
    }
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function run(mine: object) {
    const running = () => ticket === mine;
    while (running()) {
      const token = options.accessToken();
      if (!token) break;
      const outcome = await connectOnce(token);
      if (!running()) return;
      if (outcome === 'refresh' && !justRefreshed) {
        try {
          await options.refreshTokens();
          justRefreshed = true;
          continue;
        } catch (error) {
          // The session is over (the HTTP client sends the user to /login): nothing to reconnect for.
          if (!options.isNetworkError(error)) break;
        }
      }
      justRefreshed = false;
      failures += 1;
      if (failures >= fallbackAfter) setLive(false);
      await pause(nextDelay(failures));
    }
    if (running()) ticket = null;
  }

  const retryNow = () => wake?.();

  return {
    /** Connects unless connected; does nothing without a session. */
    start() {
      if (ticket || !options.accessToken()) return;
      const mine = {};
      ticket = mine;
      window.addEventListener('online', retryNow);
      void run(mine);
    },
    /** Closes the stream and forgets where it was: the next start is a new session's. */
    stop() {
      ticket = null;
      window.removeEventListener('online', retryNow);
      current?.abort();
      wake?.();
      lastEventId = null;
      failures = 0;
      justRefreshed = false;
      setLive(null);
    },
  };
}
