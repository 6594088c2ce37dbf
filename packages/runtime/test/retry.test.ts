import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../src/client/create-runtime.js';
import type { RetryOptions } from '../src/retry.js';
import { NetworkError, RateLimitError, ServerError, TimeoutError } from '../src/errors.js';
import { backoffDelay, parseRetryAfter, retryPolicy } from '../src/retry.js';
import { executeAction, listApps, partnerApi, actionsApi } from './support/definitions.js';
import { startServer } from './support/server.js';
import type { Reply, TestServer } from './support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A sleep that records what it was asked to wait and waits 1 ms, so that tests stay fast. */
function recordingSleep() {
  const waits: number[] = [];
  const sleep = vi.fn(async (ms: number) => {
    waits.push(ms);
    await new Promise((resolve) => setTimeout(resolve, 1));
  });
  return { waits, sleep };
}

async function partner(replies: (index: number) => Reply, retry: RetryOptions, timeoutMs?: number) {
  server = await startServer((_request, index) => replies(index));
  return createRuntime(partnerApi, {
    baseUrl: server.url,
    clientId: 'c',
    retry,
    timeoutMs,
    validation: { response: 'off' },
  });
}

const ok: Reply = { body: { objects: [], page: 1, pages: 1 } };

describe('retries', () => {
  it('retries 503 twice by default with exponential, jittered backoff, then succeeds', async () => {
    const { waits, sleep } = recordingSleep();
    const runtime = await partner((index) => (index < 2 ? { status: 503 } : ok), {
      sleep,
      random: () => 0.5,
      baseDelayMs: 100,
    });
    await expect(runtime.call(listApps)).resolves.toEqual(ok.body);
    expect(server!.requests).toHaveLength(3);
    // equal jitter: half the capped delay plus random() times the other half
    expect(waits).toEqual([75, 150]);
  });

  it('gives up after maxRetries with a ServerError', async () => {
    const { sleep } = recordingSleep();
    const runtime = await partner(() => ({ status: 500, body: { errors: ['boom'] } }), {
      sleep,
      maxRetries: 3,
    });
    const error = await runtime.call(listApps).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    expect(server!.requests).toHaveLength(4);
  });

  it('honours Retry-After on 429', async () => {
    const { waits, sleep } = recordingSleep();
    const runtime = await partner(
      (index) => (index === 0 ? { status: 429, headers: { 'retry-after': '2' } } : ok),
      { sleep },
    );
    await runtime.call(listApps);
    expect(waits).toEqual([2000]);
  });

  it('does not wait for a Retry-After longer than maxDelayMs: a RateLimitError says how long', async () => {
    const { sleep } = recordingSleep();
    const runtime = await partner(() => ({ status: 429, headers: { 'retry-after': '120' } }), {
      sleep,
      maxDelayMs: 10_000,
    });
    const error = await runtime.call(listApps).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(120_000);
    expect(server!.requests).toHaveLength(1);
  });

  it('does not retry 4xx other than 429', async () => {
    const { sleep } = recordingSleep();
    const runtime = await partner(
      () => ({ status: 400, body: { errors: ['Malformed request'] } }),
      { sleep },
    );
    await runtime.call(listApps).catch(() => undefined);
    expect(server!.requests).toHaveLength(1);
  });

  it('does not retry POST unless the caller opts in', async () => {
    const { sleep } = recordingSleep();
    server = await startServer((_request, index) =>
      index < 1 ? { status: 503 } : { body: { execution_log_id: 'e' } },
    );
    const runtime = createRuntime(actionsApi, {
      baseUrl: server.url,
      apiKey: 'k',
      retry: { sleep },
    });
    const body = { instructions: 'i', app: 'a', action: 'b' };
    await expect(runtime.call(executeAction, { body })).rejects.toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(1);
    await expect(
      runtime.call(executeAction, { body }, { retry: { retryNonIdempotent: true } }),
    ).resolves.toEqual({ execution_log_id: 'e' });
    expect(server.requests).toHaveLength(2);
  });

  it('can be turned off per call', async () => {
    const { sleep } = recordingSleep();
    const runtime = await partner(() => ({ status: 503 }), { sleep });
    await runtime.call(listApps, {}, { retry: false }).catch(() => undefined);
    expect(server!.requests).toHaveLength(1);
  });

  it('spaces real retries by the backoff (wall-clock spacing measured by the server)', async () => {
    const runtime = await partner((index) => (index < 2 ? { status: 502 } : ok), {
      baseDelayMs: 40,
      random: () => 0,
    });
    await runtime.call(listApps);
    const [first, second, third] = server!.requests.map((request) => request.at);
    // delays are 20 ms then 40 ms (random 0 = half of the capped delay); timers never fire early
    expect(second! - first!).toBeGreaterThanOrEqual(19);
    expect(third! - second!).toBeGreaterThanOrEqual(39);
  });

  it('retries network failures of idempotent calls', async () => {
    const { sleep } = recordingSleep();
    let calls = 0;
    const runtime = createRuntime(partnerApi, {
      clientId: 'c',
      validation: { response: 'off' },
      retry: { sleep },
      fetch: async () => {
        calls += 1;
        if (calls < 3) throw new TypeError('fetch failed');
        return new Response(JSON.stringify(ok.body), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    await expect(runtime.call(listApps)).resolves.toEqual(ok.body);
    expect(calls).toBe(3);
    calls = -10;
    await expect(runtime.call(listApps)).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('backoff', () => {
  const policy = retryPolicy({ client: { baseDelayMs: 100, maxDelayMs: 1000, random: () => 1 } });
  it.each([
    [0, 100],
    [1, 200],
    [3, 800],
    [4, 1000],
    [10, 1000],
  ])('retry %i waits at most %i ms', (retry, want) => {
    expect(backoffDelay(policy, retry)).toBe(want);
  });

  it.each([
    ['5', 5000],
    ['0', 0],
    ['Thu, 01 Jan 2026 00:00:10 GMT', 10_000],
    ['soon', undefined],
  ])('Retry-After %s is %s ms', (header, want) => {
    expect(parseRetryAfter(header, Date.parse('Thu, 01 Jan 2026 00:00:00 GMT'))).toBe(want);
  });
});

describe('timeouts and cancellation', () => {
  it('times out a slow attempt per client, and retries it', async () => {
    const { sleep } = recordingSleep();
    const runtime = await partner(
      (index) => (index === 0 ? { ...ok, delayMs: 500 } : ok),
      { sleep },
      50,
    );
    await expect(runtime.call(listApps)).resolves.toEqual(ok.body);
    expect(server!.requests).toHaveLength(2);
  });

  it('rejects with a TimeoutError when every attempt is too slow, per call', async () => {
    const runtime = await partner(() => ({ ...ok, delayMs: 500 }), { maxRetries: 0 });
    const error = await runtime
      .call(listApps, {}, { timeoutMs: 30 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(30);
  });

  it("honours the caller's AbortSignal, also while waiting to retry", async () => {
    const runtime = await partner(() => ({ status: 503 }), { baseDelayMs: 10_000 });
    const controller = new AbortController();
    const pending = runtime.call(listApps, {}, { signal: controller.signal });
    await vi.waitFor(() => expect(server!.requests).toHaveLength(1));
    controller.abort(new Error('user left'));
    await expect(pending).rejects.toThrow('user left');
    expect(server!.requests).toHaveLength(1);
  });

  it('does not send when the signal is already aborted', async () => {
    const runtime = await partner(() => ok, {});
    await expect(runtime.call(listApps, {}, { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(server!.requests).toHaveLength(0);
  });
});
