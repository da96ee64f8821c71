// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeEvent } from '../../../../src/app/providers/live/change-event.js';
import { createEventStream } from '../../../../src/app/providers/live/event-stream.js';

type Call = { authorization: string | null; lastEventId: string | null };

/** A server as fetch sees it: each connection answers the next scripted reply (a status, a stream's text, one kept open). */
function fakeServer(replies: ({ status: number } | { stream: string } | { open: string })[]) {
  const calls: Call[] = [];
  const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ authorization: headers.get('authorization'), lastEventId: headers.get('last-event-id') });
    const reply = replies.shift() ?? { status: 503 };
    if ('status' in reply) return new Response('', { status: reply.status });
    const body =
      'stream' in reply ? reply.stream : new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new TextEncoder().encode(reply.open)) });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const change = (id: string, record: string) =>
  `event: change\nid: ${id}\ndata: ${JSON.stringify({ id, resource: 'products', action: 'updated', record_id: record, warehouse_id: null, user_id: 'u2', user_name: 'Ravi', at: 'x' })}\n\n`;

function stream(server: ReturnType<typeof fakeServer>, refreshTokens: () => Promise<unknown>) {
  let token = 'old';
  const heard: ChangeEvent[] = [];
  const handlers = { onChange: (c: ChangeEvent) => heard.push(c), onReset: vi.fn(), onHealth: vi.fn() };
  const events = createEventStream(
    {
      url: '/api/events',
      accessToken: () => token,
      refreshTokens: async () => {
        await refreshTokens();
        token = 'new';
      },
      isNetworkError: (error) => error === 'offline',
      fetch: server.fetch,
    },
    handlers,
  );
  return { events, heard, handlers };
}

afterEach(() => vi.useRealTimers());

describe('the event stream', () => {
  it('sends the token in a header, hands on changes, and after `end` refreshes the token and resumes from the last id', async () => {
    const server = fakeServer([
      { stream: ': ping\n\n' + change('h1', 'p1') + change('h2', 'p2') + 'event: end\ndata: {"reason":"expired"}\n\n' },
      { stream: change('h3', 'p3') },
    ]);
    const refresh = vi.fn(async () => undefined);
    const { events, heard, handlers } = stream(server, refresh);
    events.start();
    await vi.waitFor(() => expect(heard.map((c) => c.record_id)).toEqual(['p1', 'p2', 'p3']));
    events.stop();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(server.calls.slice(0, 2)).toEqual([
      { authorization: 'Bearer old', lastEventId: null },
      { authorization: 'Bearer new', lastEventId: 'h2' },
    ]);
    expect(handlers.onHealth).toHaveBeenCalledWith(true);
    expect(handlers.onReset).not.toHaveBeenCalled();
  });

  it('refreshes the token on a 401 and reconnects; stops for good when the refresh is refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = fakeServer([{ status: 401 }, { status: 401 }, { status: 401 }]);
    let refreshes = 0;
    stream(server, async () => {
      refreshes += 1;
      if (refreshes > 1) throw new Error('session over');
    }).events.start();
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    // The second 401 came straight after a refresh: a failure, retried after a pause, not another refresh at once.
    expect(refreshes).toBe(1);
    await vi.advanceTimersByTimeAsync(1500);
    await vi.waitFor(() => expect(refreshes).toBe(2));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(3);
  });

  it('passes a reset on, and says the stream is down after failures in a row', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = fakeServer([{ status: 502 }, { status: 502 }, { status: 502 }, { open: 'event: reset\ndata: {}\n\n' + change('h1', 'p1') }]);
    const { events, handlers, heard } = stream(server, async () => undefined);
    events.start();
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(1500);
    await vi.advanceTimersByTimeAsync(3000);
    expect(handlers.onHealth).toHaveBeenLastCalledWith(false);
    await vi.advanceTimersByTimeAsync(6000);
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(handlers.onHealth).toHaveBeenLastCalledWith(true);
    // No id was ever heard before: what happened while it was down is read again (and the server said reset too).
    expect(handlers.onReset).toHaveBeenCalled();
    events.stop();
  });
});
