import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { CLIENT_BUSY_MESSAGE, HASHING_BUSY_MESSAGE, createHashQueue } from '../../src/server/auth/hash-queue.js';

/** A task that runs until released, recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      log.push(name);
      await done;
      return name;
    },
    release,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('password hashing line', () => {
  it('runs no more than its width at once, first come first served', async () => {
    const log: string[] = [];
    const queue = createHashQueue({ width: 1, maxWaiting: 5, maxWaitMs: 10_000, perClient: 5 });
    const [a, b, c] = [gate(log, 'a'), gate(log, 'b'), gate(log, 'c')];
    const runs = [queue.run(a.task, 'x'), queue.run(b.task, 'y'), queue.run(c.task, 'z')];
    await settle();
    expect(log).toEqual(['a']);
    expect(queue.stats()).toEqual({ running: 1, waiting: 2 });
    a.release();
    await settle();
    expect(log).toEqual(['a', 'b']);
    b.release();
    c.release();
    await expect(Promise.all(runs)).resolves.toEqual(['a', 'b', 'c']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a sign-in at once when the line is full (503) or its address holds its share (429), with Retry-After', async () => {
    const log: string[] = [];
    const queue = createHashQueue({ width: 1, maxWaiting: 1, maxWaitMs: 10_000, perClient: 1 });
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const runs = [queue.run(a.task, '10.0.0.1'), queue.run(b.task, '10.0.0.2')];
    await expect(queue.run(async () => 'c', '10.0.0.3')).rejects.toMatchObject({
      statusCode: 503,
      message: HASHING_BUSY_MESSAGE,
      headers: { 'retry-after': '1' },
    });
    await expect(queue.run(async () => 'd', '10.0.0.1')).rejects.toMatchObject({
      statusCode: 429,
      message: CLIENT_BUSY_MESSAGE,
      headers: { 'retry-after': '1' },
    });
    // Work that names no client (an admin saving a user) is never refused: it waits its turn.
    const admin = queue.run(async () => 'admin');
    a.release();
    b.release();
    await expect(Promise.all([...runs, admin])).resolves.toEqual(['a', 'b', 'admin']);
  });

  it('gives up on a sign-in that waited longer than the bound (503) and goes on with the rest', async () => {
    const log: string[] = [];
    const queue = createHashQueue({ width: 1, maxWaiting: 5, maxWaitMs: 30, perClient: 5 });
    const a = gate(log, 'a');
    const first = queue.run(a.task, 'x');
    await expect(queue.run(async () => 'late', 'y')).rejects.toMatchObject({ statusCode: 503 });
    expect(queue.stats()).toEqual({ running: 1, waiting: 0 });
    a.release();
    await first;
    // The line is free, but 'y' was told to come back in a second: sooner, it is refused unheard. Others go ahead.
    await expect(queue.run(async () => 'too soon', 'y')).rejects.toMatchObject({ statusCode: 503, headers: { 'retry-after': '1' } });
    await expect(queue.run(async () => 'next', 'z')).resolves.toBe('next');
  });

  it('lets a refused client back in once its Retry-After has passed', async () => {
    const log: string[] = [];
    const queue = createHashQueue({ width: 1, maxWaiting: 0, maxWaitMs: 10_000, perClient: 1 });
    const a = gate(log, 'a');
    const first = queue.run(a.task, 'x');
    await expect(queue.run(async () => 'refused', 'y')).rejects.toMatchObject({ statusCode: 503 });
    a.release();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 1050));
    await expect(queue.run(async () => 'welcome back', 'y')).resolves.toBe('welcome back');
  });

  it('is never wider than the machine has cores', () => {
    expect(createHashQueue({ width: 10_000, maxWaiting: 1, maxWaitMs: 1, perClient: 1 }).width).toBe(os.availableParallelism());
  });

  it("serves the device lane first, refused by none of the line's limits, only when the lane itself is full", async () => {
    const log: string[] = [];
    const queue = createHashQueue({ width: 1, maxWaiting: 1, maxWaitMs: 10_000, perClient: 1, deviceLane: 1 });
    const [a, b, d] = [gate(log, 'a'), gate(log, 'b'), gate(log, 'd')];
    const runs = [queue.run(a.task, '10.0.0.1'), queue.run(b.task, '10.0.0.2')];
    // The line is full and 10.0.0.1 holds its share: a stranger from anywhere is refused...
    await expect(queue.run(async () => 'c', '10.0.0.3')).rejects.toMatchObject({ statusCode: 503 });
    // ...but a known browser, even from that address, waits in its lane, ahead of the line.
    const known = queue.run(d.task, '10.0.0.1', 'device');
    await expect(queue.run(async () => 'e', '10.0.0.4', 'device')).rejects.toMatchObject({ statusCode: 503 });
    a.release();
    await settle();
    expect(log).toEqual(['a', 'd']);
    d.release();
    await settle();
    expect(log).toEqual(['a', 'd', 'b']);
    b.release();
    await expect(Promise.all([...runs, known])).resolves.toEqual(['a', 'b', 'd']);
  });
});
