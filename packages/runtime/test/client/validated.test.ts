/**
 * Validators on demand: a generated client sends each operation's route, which carries no
 * validator but a loader of its own (`route.validators()`, a chunk of its own in a bundle). Both
 * clients load it the first time they validate that operation, once, and never when validation
 * is off; the validation itself is the same as with a definition that carries its validators.
 */
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/client/create-runtime.js';
import { createFetchClient } from '../../src/client/fetch-client.js';
import type { ClientOptions } from '../../src/client/options.js';
import type { ApiDefinition, OperationDefinition } from '../../src/definition.js';
import { RequestValidationError } from '../../src/errors.js';
import { listApps, partnerApi } from '../support/definitions.js';

/** `listApps` as `routes.ts` writes it: no validator, a loader of its validators that counts its calls. */
function route(options: { failFirst?: boolean } = {}) {
  const loads = { count: 0 };
  const operation: OperationDefinition = {
    ...listApps,
    parameterValidator: undefined,
    responses: listApps.responses.map((response) => ({ ...response, body: undefined })),
    validators: async () => {
      loads.count += 1;
      if (options.failFirst && loads.count === 1) throw new Error('chunk failed to load');
      return {
        parameters: listApps.parameterValidator,
        responses: Object.fromEntries(
          listApps.responses.map((response) => [response.status, response.body]),
        ),
      };
    },
  };
  return { operation, loads, api: { ...partnerApi, operations: [operation] } as ApiDefinition };
}

/** A fetch that records each URL and answers a body that fits `listApps`' 200 schema. */
function stubFetch() {
  const sent: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    sent.push(input instanceof Request ? input.url : String(input));
    return Response.json({ objects: [], page: 1, pages: 1 });
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

const base = { baseUrl: 'https://api.example.test', clientId: 'id', retry: { maxRetries: 0 } };

describe('the throwing client', () => {
  const cases: [string, { client: ClientOptions; loads: number }][] = [
    ['validates by default: loads the validators once', { client: {}, loads: 1 }],
    [
      'validation off: never loads them',
      { client: { validation: { request: false, response: 'off' } }, loads: 0 },
    ],
    [
      'response validation alone loads them too',
      { client: { validation: { request: false } }, loads: 1 },
    ],
  ];
  it.each(cases)('%s', async (_name, { client, loads }) => {
    const { operation, loads: counted, api } = route();
    const { fetch, sent } = stubFetch();
    const runtime = createRuntime(api, { ...base, ...client, fetch });
    await runtime.call(operation, { query: { per_page: 10 } });
    await runtime.call(operation, { query: { per_page: 20 } });
    expect(counted.count).toBe(loads);
    expect(sent).toHaveLength(2);
  });

  it('refuses a bad argument with the loaded validator, naming the parameter, before sending', async () => {
    const { operation, api } = route();
    const { fetch, sent } = stubFetch();
    const runtime = createRuntime(api, { ...base, fetch });
    const error = await runtime
      .call(operation, { query: { per_page: 500 } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ issues: [expect.objectContaining({ parameter: 'per_page' })] });
    expect(sent).toEqual([]);
  });

  it('a load that failed (offline) rejects that call and is tried again by the next', async () => {
    const { operation, loads, api } = route({ failFirst: true });
    const { fetch, sent } = stubFetch();
    const runtime = createRuntime(api, { ...base, fetch });
    await expect(runtime.call(operation, { query: { per_page: 10 } })).rejects.toThrow(
      /chunk failed to load/,
    );
    await expect(runtime.call(operation, { query: { per_page: 500 } })).rejects.toThrow(
      RequestValidationError,
    );
    expect(loads.count).toBe(2);
    expect(sent).toEqual([]);
  });
});

describe('the drop-in client', () => {
  it('off by default: never loads them; asked to validate: loads them once and refuses a bad argument', async () => {
    const off = route();
    const offFetch = stubFetch();
    const plain = createFetchClient<Record<string, never>>(
      { api: off.api },
      { ...base, fetch: offFetch.fetch },
    );
    await (plain as never as { GET: (path: string, init: object) => Promise<unknown> }).GET(
      '/apps',
      { params: { query: { per_page: 500 } } },
    );
    expect(off.loads.count).toBe(0);
    expect(offFetch.sent).toHaveLength(1);

    const on = route();
    const onFetch = stubFetch();
    const validating = createFetchClient<Record<string, never>>(
      { api: on.api },
      { ...base, fetch: onFetch.fetch, validation: { request: true } },
    ) as never as { GET: (path: string, init: object) => Promise<{ error?: unknown }> };
    await validating.GET('/apps', { params: { query: { per_page: 10 } } });
    await expect(validating.GET('/apps', { params: { query: { per_page: 500 } } })).rejects.toThrow(
      RequestValidationError,
    );
    expect(on.loads.count).toBe(1);
    expect(onFetch.sent).toHaveLength(1);
  });
});
