// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { retryableLazy } from '../../../src/app/routes/retryable-lazy';

afterEach(cleanup);

/** A chunk's download the test answers itself: each call is one request for the chunk. */
function chunk() {
  const calls: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<{ default: () => JSX.Element }>((resolve, reject) => {
      calls.push({ resolve: () => resolve({ default: () => <p>screen</p> }), reject });
    });
  return { calls, load };
}

const inSuspense = (Screen: ComponentType) =>
  render(
    <Suspense fallback={<p>loading</p>}>
      <Screen />
    </Suspense>,
  );

describe('retryableLazy: a screen asked for ahead of its render', () => {
  it('downloads once for a preload and the render after it', async () => {
    const { calls, load } = chunk();
    const Screen = retryableLazy(load);
    Screen.preload();
    Screen.preload();
    expect(calls).toHaveLength(1);
    inSuspense(Screen);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve();
    await screen.findByText('screen');
    expect(calls).toHaveLength(1);
  });

  it('a failed preload is asked for again by the render', async () => {
    const { calls, load } = chunk();
    const Screen = retryableLazy(load);
    Screen.preload();
    calls[0]!.reject(new Error('Failed to fetch dynamically imported module'));
    await new Promise((resolve) => setTimeout(resolve, 0)); // the preload has seen its failure
    inSuspense(Screen);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve();
    await screen.findByText('screen');
  });
});
