import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { LiveChange } from '../../src/domain/live-change.js';

export type SseStream = {
  status: number;
  headers: Headers;
  /** Every message received so far, in order. */
  messages: EventSourceMessage[];
  /** Resolves with the first message (from the start of the stream) that satisfies `match`, or rejects after `timeoutMs`. */
  next(match: (m: EventSourceMessage) => boolean, timeoutMs?: number): Promise<EventSourceMessage>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Resolves once the stream's first field has come (the server sends `retry` once it has subscribed the client). */
  ready: Promise<void>;
  close(): void;
};

/**
 * A Server-Sent Events reader over fetch (the token in the Authorization header, as the SPA sends it). `onEvent` hears
 * each message as it is parsed (a bench times them); `keep: false` keeps no list of them.
 */
export async function openSse(
  url: string,
  headers: Record<string, string>,
  options: { onEvent?: (message: EventSourceMessage) => void; keep?: boolean } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const messages: EventSourceMessage[] = [];
  const waiters = new Set<() => void>();
  let readyResolve = () => {};
  const ready = new Promise<void>((resolve) => (readyResolve = resolve));
  const parser = createParser({
    onRetry: () => readyResolve(),
    onEvent(message) {
      readyResolve();
      options.onEvent?.(message);
      if (options.keep !== false) messages.push(message);
      for (const wake of waiters) wake();
    },
  });
  let endedResolve = () => {};
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  if (response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
      } catch {
        // aborted by close()
      }
      endedResolve();
      readyResolve();
      for (const wake of waiters) wake();
    })();
  } else {
    endedResolve();
    readyResolve();
  }
  return {
    status: response.status,
    headers: response.headers,
    messages,
    ended,
    ready,
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching event within ${timeoutMs} ms; received: ${JSON.stringify(messages.map((m) => m.event ?? 'message'))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

/** The data of a `change` message. */
export const changeOf = (m: EventSourceMessage): LiveChange => JSON.parse(m.data) as LiveChange;
