// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, notifyManager, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { coalescedScheduler } from '../../../src/app/providers/query-notifications';

afterEach(() => {
  cleanup();
  notifyManager.setScheduler((run) => setTimeout(run, 0));
});

/** A list's row buttons: each asks its own question, the answers arriving one microtask apart. */
function Row({ id }: { id: number }) {
  const { data } = useQuery({
    queryKey: ['access', id],
    queryFn: async () => {
      for (let i = 0; i < id; i++) await Promise.resolve();
      return `row ${id}`;
    },
  });
  return <span>{data ?? '…'}</span>;
}

/** How many times React commits a list of 20 rows until every answer is on screen. */
async function commitsUntilAnswered(): Promise<number> {
  const client = new QueryClient();
  let commits = 0;
  render(
    <QueryClientProvider client={client}>
      <Profiler id="rows" onRender={() => (commits += 1)}>
        {Array.from({ length: 20 }, (_, id) => (
          <Row key={id} id={id} />
        ))}
      </Profiler>
    </QueryClientProvider>,
  );
  await screen.findByText('row 19');
  return commits;
}

describe("React Query's notifications", () => {
  it('reach the screen once for answers that arrive together, not one commit per answer', async () => {
    notifyManager.setScheduler(coalescedScheduler());
    expect(await commitsUntilAnswered()).toBeLessThanOrEqual(3);
  });

  it("(React Query's own scheduler: a commit per answer)", async () => {
    expect(await commitsUntilAnswered()).toBeGreaterThan(10);
  });
});
