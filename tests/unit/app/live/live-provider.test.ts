import type { LiveEvent } from '@refinedev/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveType, parseChange, touchedResources, type ChangeEvent } from '../../../../src/app/providers/live/change-event.js';
import { MAX_IDS } from '../../../../src/app/providers/live/live-batches.js';
import { nextDelay } from '../../../../src/app/providers/live/stream-timing.js';
import { subscriptionOf } from '../../../../src/app/providers/live/subscription.js';
import { createLiveProvider } from '../../../../src/app/providers/live-provider.js';

let seq = 0;
const change = (resource: string, record_id: string | null, action = 'updated', user = 'u2'): ChangeEvent => ({
  id: `h${++seq}`,
  resource,
  action,
  record_id,
  warehouse_id: null,
  user_id: user,
  user_name: user === 'u2' ? 'Ravi Kumar' : 'Aarti Verma',
  at: '2026-11-25T06:00:00.000Z',
});

/** The live provider over a fake stream: the test says what the server sends. */
function fakeStream() {
  const state = { started: 0, stopped: 0 };
  let handlers!: { onChange(c: ChangeEvent): void; onReset(): void; onHealth(live: boolean): void };
  const refreshAll = vi.fn();
  const provider = createLiveProvider({
    refreshAll,
    openSource: (h) => {
      handlers = h;
      return { start: () => void state.started++, stop: () => void state.stopped++ };
    },
  });
  const listen = (channel: string, params?: Record<string, unknown>, types: string[] = ['*']) => {
    const events: LiveEvent[] = [];
    const subscription: unknown = provider.subscribe({ channel, types, params, callback: (e: LiveEvent) => events.push(e) });
    return { events, subscription };
  };
  return {
    provider,
    state,
    refreshAll,
    listen,
    send: (c: ChangeEvent) => handlers.onChange(c),
    reset: () => handlers.onReset(),
    health: (live: boolean) => handlers.onHealth(live),
  };
}

describe("the server's change events", () => {
  it('are read from the data of `event: change`; anything else is ignored', () => {
    const data = { id: 'h1', resource: 'products', action: 'updated', record_id: 'p1', warehouse_id: null, user_id: 'u2', user_name: 'Ravi', at: 'x' };
    expect(parseChange(JSON.stringify(data))).toEqual(data);
    expect(parseChange('{}')).toBeNull();
    expect(parseChange('not json')).toBeNull();
  });

  it('touch the SPA resources that show them: stock movements the product list too, users the seller pickers', () => {
    expect(touchedResources({ resource: 'inventory' })).toEqual(['inventory', 'products']);
    expect(touchedResources({ resource: 'users' })).toEqual(['users', 'sellers']);
    expect(touchedResources({ resource: 'categories' })).toEqual(['categories', 'category-tree', 'subcategories']);
    expect(touchedResources({ resource: 'cities' })).toEqual(['cities']);
  });

  it("become Refine's created / updated / deleted; a stock movement or a workflow step updates its record", () => {
    expect(['created', 'updated', 'deleted', 'stock-purchase', 'dispatch'].map(liveType)).toEqual(['created', 'updated', 'deleted', 'updated', 'updated']);
  });
});

describe('subscriptions', () => {
  it('of a list hear every change of their resource; of a record only its own', () => {
    const list = subscriptionOf({ channel: 'resources/products', types: ['*'], params: { subscriptionType: 'useList' }, callback: () => {} });
    const one = subscriptionOf({
      channel: 'resources/products',
      types: ['*'],
      params: { subscriptionType: 'useOne', ids: ['p1'], id: 'p1' },
      callback: () => {},
    });
    expect(list.resources).toEqual(new Set(['products']));
    expect(list.ids).toBeUndefined();
    expect(one.ids).toEqual(new Set(['p1']));
  });

  it("of a screen of several resources name them in params.resources ('*' for all)", () => {
    const dashboard = subscriptionOf({ channel: 'screens/dashboard', types: ['*'], params: { resources: ['inventory', 'transfers'] }, callback: () => {} });
    expect(dashboard.resources).toEqual(new Set(['inventory', 'transfers']));
    expect(subscriptionOf({ channel: 'screens/activity', types: ['*'], params: { resources: '*' }, callback: () => {} }).resources).toBe('all');
  });
});

describe('the live provider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the stream lazily, when a screen first subscribes', () => {
    const live = fakeStream();
    expect(live.state.started).toBe(0);
    live.listen('resources/products');
    expect(live.state.started).toBe(1);
  });

  it('hands each screen the changes of what it shows, once per 250 ms, with the ids merged', () => {
    const live = fakeStream();
    const products = live.listen('resources/products', { subscriptionType: 'useList' });
    const cities = live.listen('resources/cities', { subscriptionType: 'useList' });
    live.send(change('products', 'p1'));
    live.send(change('products', 'p2'));
    live.send(change('inventory', 'i9', 'stock-purchase'));
    live.send(change('products', 'p1'));
    expect(products.events).toHaveLength(0);
    vi.advanceTimersByTime(250);
    expect(products.events).toHaveLength(1);
    expect(products.events[0]).toMatchObject({ channel: 'resources/products', type: 'updated', payload: { ids: ['p1', 'p2', 'i9'] } });
    expect(cities.events).toHaveLength(0);
    live.send(change('products', 'p3', 'created'));
    vi.advanceTimersByTime(250);
    expect(products.events[1]).toMatchObject({ type: 'created', payload: { ids: ['p3'] } });
  });

  it("tells a record's screen only of that record, with who changed it", () => {
    const live = fakeStream();
    const record = live.listen('resources/products', { subscriptionType: 'useOne', ids: ['p1'], id: 'p1' });
    live.send(change('products', 'p2'));
    vi.advanceTimersByTime(250);
    expect(record.events).toHaveLength(0);
    live.send(change('products', 'p1'));
    vi.advanceTimersByTime(250);
    expect(record.events).toHaveLength(1);
    expect(record.events[0]!.payload.changes).toEqual([expect.objectContaining({ record_id: 'p1', user_name: 'Ravi Kumar' })]);
  });

  it("turns a bulk import's thousands of changes into one '*' event without ids", () => {
    const live = fakeStream();
    const inventory = live.listen('resources/inventory', { subscriptionType: 'useList' });
    for (let i = 0; i < 3000; i++) live.send(change('inventory', `i${i}`, 'stock-opening'));
    vi.advanceTimersByTime(250);
    expect(inventory.events).toHaveLength(1);
    expect(inventory.events[0]!.type).toBe('*');
    expect(inventory.events[0]!.payload.ids).toBeUndefined();
    expect((inventory.events[0]!.payload.changes as unknown[]).length).toBeLessThanOrEqual(MAX_IDS);
  });

  it('mixes types into one "*" event, and says nothing more to a screen that went away', () => {
    const live = fakeStream();
    const cities = live.listen('resources/cities');
    live.send(change('cities', 'c1', 'created'));
    live.send(change('cities', 'c2', 'deleted'));
    vi.advanceTimersByTime(250);
    expect(cities.events[0]).toMatchObject({ type: '*', payload: { ids: ['c1', 'c2'] } });
    live.send(change('cities', 'c3'));
    live.provider.unsubscribe(cities.subscription);
    vi.advanceTimersByTime(250);
    expect(cities.events).toHaveLength(1);
  });

  it('reads everything again on a reset, and every 30 s while the stream is down, until it is back', () => {
    const live = fakeStream();
    live.listen('resources/products');
    live.reset();
    expect(live.refreshAll).toHaveBeenCalledTimes(1);
    live.health(false);
    vi.advanceTimersByTime(90_000);
    expect(live.refreshAll).toHaveBeenCalledTimes(4);
    live.health(true);
    vi.advanceTimersByTime(90_000);
    expect(live.refreshAll).toHaveBeenCalledTimes(4);
  });

  it('closes the stream when the session ends and opens it again for the screens still listening', () => {
    const live = fakeStream();
    live.provider.endSession();
    expect(live.state).toEqual({ started: 0, stopped: 1 });
    live.listen('resources/products');
    live.provider.endSession();
    expect(live.state).toEqual({ started: 2, stopped: 2 });
  });
});

describe('reconnecting', () => {
  it('backs off exponentially to 30 s, with jitter', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 10].map((n) => nextDelay(n, mid))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(nextDelay(1, () => 0)).toBe(800);
    expect(nextDelay(1, () => 1)).toBe(1200);
  });
});
