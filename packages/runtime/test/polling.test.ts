import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../src/client/create-runtime.js';
import { TimeoutError } from '../src/errors.js';
import { actionsApi, getPrefillChoices } from './support/definitions.js';
import { startServer } from './support/server.js';
import type { TestServer } from './support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function choicesServer(loadingResponses: number) {
  server = await startServer((_request, index) => ({
    body: {
      is_loading: index < loadingResponses,
      results: index < loadingResponses ? [] : [{ key: '1', label: 'One', sample: '1' }],
    },
  }));
  const waits: number[] = [];
  const sleep = vi.fn(async (ms: number) => {
    waits.push(ms);
  });
  const runtime = createRuntime(actionsApi, { baseUrl: server.url, apiKey: 'k', retry: { sleep } });
  return { runtime, waits };
}

const args = { path: { app: 'slack', prefill: 'channel' }, query: { force_refresh: true } };

describe('poll', () => {
  it('calls again every interval while is_loading is true, refreshing only on the first call', async () => {
    const { runtime, waits } = await choicesServer(2);
    const result = await runtime.poll(getPrefillChoices, args);
    expect(result).toMatchObject({ is_loading: false, results: [{ key: '1' }] });
    expect(server!.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /apps/slack/choices/channel/?force_refresh=true',
      'POST /apps/slack/choices/channel/',
      'POST /apps/slack/choices/channel/',
    ]);
    expect(waits).toEqual([1000, 1000]);
  });

  it('uses the interval of the call when given', async () => {
    const { runtime, waits } = await choicesServer(1);
    await runtime.poll(getPrefillChoices, args, { intervalMs: 250 });
    expect(waits).toEqual([250]);
  });

  it('rejects with a TimeoutError when still loading at the deadline', async () => {
    const { runtime } = await choicesServer(100);
    const error = await runtime
      .poll(getPrefillChoices, args, { intervalMs: 1000, deadlineMs: 2500 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('is_loading');
    expect(server!.requests).toHaveLength(3);
  });

  it('stops when the signal aborts', async () => {
    server = await startServer(() => ({ body: { is_loading: true, results: [] } }));
    const runtime = createRuntime(actionsApi, { baseUrl: server.url, apiKey: 'k' });
    const controller = new AbortController();
    const pending = runtime.poll(getPrefillChoices, args, {
      intervalMs: 30_000,
      deadlineMs: 120_000,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(server!.requests).toHaveLength(1));
    controller.abort(new Error('closed'));
    await expect(pending).rejects.toThrow('closed');
  });
});
