/**
 * Idempotency keys and request ids over real HTTP: one key per logical call, the same on every
 * retry; the caller's own key kept; a request id on results, on every error and in messages; the
 * mock replaying the first answer to a repeated key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRuntime } from '../../src/client/create-runtime.js';
import { getRequestId } from '../../src/client/errors-from-response.js';
import type { ApiDefinition, OperationDefinition } from '../../src/definition.js';
import { ResponseValidationError, ServerError } from '../../src/errors.js';
import { createMock } from '../../src/mock/create-mock.js';
import { startServer, type Reply, type TestServer } from '../support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const api: ApiDefinition = { name: 'payments', servers: [], securitySchemes: {} };

/** A POST whose idempotency key is a declared header parameter. */
const createPayment: OperationDefinition = {
  operationId: 'createPayment',
  method: 'post',
  path: '/payments',
  parameters: [
    { name: 'Idempotency-Key', in: 'header', required: false, style: 'simple', explode: false },
  ],
  requestBody: { required: true, mediaTypes: ['application/json'] },
  responses: [
    { status: '201', mediaTypes: ['application/json'], body: z.object({ id: z.string() }) },
    { status: '5XX', mediaTypes: ['application/json'] },
  ],
  security: [],
  idempotencyHeader: 'Idempotency-Key',
};

/** A POST whose key header is named by `x-zapgen-idempotency` alone (not a parameter). */
const refund: OperationDefinition = {
  ...createPayment,
  operationId: 'refund',
  path: '/refunds',
  parameters: [],
  idempotencyHeader: 'X-Request-Key',
};

async function serve(replies: Reply[]) {
  server = await startServer((_request, index) => replies[Math.min(index, replies.length - 1)]!);
  return server;
}

const noWait = { maxRetries: 2, sleep: async () => {} };

describe('idempotency keys', () => {
  it('sends one key per call, the same on every retry, and retries a POST that carries one', async () => {
    const { url, requests } = await serve([
      { status: 503, body: { detail: 'busy' } },
      { status: 201, body: { id: 'pay_1' }, headers: { 'x-request-id': 'req_ok' } },
    ]);
    const runtime = createRuntime(api, { baseUrl: url, retry: noWait });
    await runtime.call(createPayment, { body: { amount: 1 } });
    expect(requests).toHaveLength(2);
    const [first, second] = requests.map((request) => request.headers['idempotency-key']);
    expect(first).toMatch(/^zapgen-[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    // Another call is another key.
    await runtime.call(createPayment, { body: { amount: 1 } });
    expect(requests[2]!.headers['idempotency-key']).not.toBe(first);
  });

  it('keeps the caller’s key: as a call option, as the header parameter, as a header', async () => {
    const { url, requests } = await serve([{ status: 201, body: { id: 'pay_1' } }]);
    const runtime = createRuntime(api, { baseUrl: url });
    await runtime.call(createPayment, { body: {} }, { idempotencyKey: 'mine-1' });
    await runtime.call(createPayment, { body: {}, header: { 'Idempotency-Key': 'mine-2' } });
    await runtime.call(refund, { body: {} }, { headers: { 'x-request-key': 'mine-3' } });
    await runtime.call(refund, { body: {} });
    expect(requests.map((request) => request.headers['idempotency-key'])).toEqual([
      'mine-1',
      'mine-2',
      undefined,
      undefined,
    ]);
    expect(requests[2]!.headers['x-request-key']).toBe('mine-3');
    expect(requests[3]!.headers['x-request-key']).toMatch(/^zapgen-/);
  });

  it('leaves operations without an idempotency header alone (a POST is still not retried)', async () => {
    const { url, requests } = await serve([{ status: 503, body: {} }]);
    const plain = { ...createPayment, idempotencyHeader: undefined, parameters: [] };
    const runtime = createRuntime(api, { baseUrl: url, retry: noWait });
    await expect(runtime.call(plain, { body: {} })).rejects.toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers['idempotency-key']).toBeUndefined();
  });
});

describe('request ids', () => {
  it('are on results, on errors and in their messages; the spec’s own header first', async () => {
    const { url } = await serve([
      {
        status: 201,
        body: { id: 'p' },
        headers: { 'x-github-request-id': 'GH1', 'x-request-id': 'usual' },
      },
    ]);
    const declared = createRuntime(
      { ...api, requestIdHeader: 'x-github-request-id' },
      { baseUrl: url },
    );
    expect(getRequestId(await declared.call(createPayment, { body: {} }))).toBe('GH1');
    const usual = createRuntime(api, { baseUrl: url });
    expect(getRequestId(await usual.call(createPayment, { body: {} }))).toBe('usual');
    expect(getRequestId('a string')).toBeUndefined();
  });

  it('name the request in the message of an API error and of a response that breaks its schema', async () => {
    const failing = await serve([
      { status: 500, body: { detail: 'down' }, headers: { 'request-id': 'req_500' } },
    ]);
    const runtime = createRuntime(api, { baseUrl: failing.url });
    const error = await runtime
      .call(createPayment, { body: {} }, { retry: false })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ServerError', requestId: 'req_500' });
    expect((error as Error).message).toContain('(request id req_500)');
    await server!.close();
    server = undefined;

    const wrong = await serve([
      { status: 201, body: { id: 42 }, headers: { 'x-request-id': 'req_bad' } },
    ]);
    const strict = createRuntime(api, { baseUrl: wrong.url, validation: { response: 'strict' } });
    const invalid = await strict
      .call(createPayment, { body: {} })
      .catch((caught: unknown) => caught);
    expect(invalid).toBeInstanceOf(ResponseValidationError);
    expect(invalid).toMatchObject({ requestId: 'req_bad' });
    expect((invalid as Error).message).toContain('(request id req_bad)');
  });
});

describe('the mock and idempotency keys', () => {
  it('answers a repeated key with its first answer, marked as a replay', async () => {
    let created = 0;
    const mock = createMock({
      api,
      operations: { createPayment },
      fixtures: {},
      handlers: { createPayment: () => ({ status: 201, body: { id: `pay_${++created}` } }) },
    });
    const runtime = createRuntime(api, { baseUrl: 'http://mock.test', fetch: mock.fetch });
    const first = await runtime.call<{ id: string }>(
      createPayment,
      { body: {} },
      { idempotencyKey: 'k1' },
    );
    const again = await runtime.call<{ id: string }>(
      createPayment,
      { body: {} },
      { idempotencyKey: 'k1' },
    );
    const other = await runtime.call<{ id: string }>(
      createPayment,
      { body: {} },
      { idempotencyKey: 'k2' },
    );
    expect([first.id, again.id, other.id]).toEqual(['pay_1', 'pay_1', 'pay_2']);
    expect(created).toBe(2);
    const replayed = await mock.fetch('http://mock.test/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k1' },
      body: '{}',
    });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toEqual({ id: 'pay_1' });
  });
});
