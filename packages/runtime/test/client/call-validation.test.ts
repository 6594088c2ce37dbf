/**
 * A client's calls validate with zod/mini, which words every issue "Invalid input" until a locale
 * is configured. The client loads zod's English messages with its first failure only, and the
 * error the caller sees is worded as `@zapgen/runtime/validation` words it: request issues,
 * a strict response error, a warning, and a streamed item.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { config } from 'zod/v4/core';
import type { ApiDefinition, OperationDefinition } from '../../src/definition.js';
import { validateRequest, validateResponse } from '../../src/validation.js';

const listThings: OperationDefinition = {
  operationId: 'listThings',
  method: 'get',
  path: '/things',
  parameters: [{ name: 'per_page', in: 'query', required: false, style: 'form', explode: true }],
  parameterValidator: z.object({
    query: z.object({ per_page: z.optional(z.number().check(z.maximum(100))) }),
  }),
  responses: [
    {
      status: '200',
      mediaTypes: ['application/json'],
      body: z.looseObject({ things: z.array(z.string()) }),
    },
  ],
  security: [],
};

const streamThings: OperationDefinition = {
  operationId: 'streamThings',
  method: 'get',
  path: '/things/stream',
  parameters: [],
  responses: [
    {
      status: '200',
      mediaTypes: ['application/x-ndjson'],
      stream: { items: z.object({ n: z.number() }) },
    },
  ],
  security: [],
};

const api: ApiDefinition = {
  name: 'things',
  servers: [],
  securitySchemes: {},
  operations: [listThings, streamThings],
};

const BAD_ARGS = { query: { per_page: 500 } };
const BAD_BODY = { things: 'not a list' };

function answering(body: string, contentType = 'application/json') {
  const sent: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    sent.push(input instanceof Request ? input.url : String(input));
    return new Response(body, { status: 200, headers: { 'content-type': contentType } });
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

/** A client from fresh modules: nothing of the runtime (zod's English with it) loaded yet. */
async function freshRuntime(options: Record<string, unknown>) {
  vi.resetModules();
  const { createRuntime } = await import('../../src/client/create-runtime.js');
  return createRuntime(api, {
    baseUrl: 'https://api.example.test',
    retry: { maxRetries: 0 },
    ...options,
  });
}

const configured = config().localeError;
beforeEach(() => {
  config({ localeError: undefined });
});
afterEach(() => {
  config({ localeError: configured });
});

describe("a client's first validation failure is worded in English", () => {
  it('request issues, as @zapgen/runtime/validation words them, and nothing sent', async () => {
    const { fetch, sent } = answering('{}');
    const runtime = await freshRuntime({ fetch });
    const error = await runtime.call(listThings, BAD_ARGS).catch((caught: unknown) => caught);
    const want = validateRequest(listThings, BAD_ARGS);
    expect(want[0]?.message).toBe('Too big: expected number to be <=100');
    expect(error).toMatchObject({ name: 'RequestValidationError', issues: want });
    expect(sent).toEqual([]);
  });

  const responseCases: [string, { validation: object; want: 'error' | 'warning' }][] = [
    ['a strict response error', { validation: { response: 'strict' }, want: 'error' }],
    ['a warning', { validation: { response: 'warn' }, want: 'warning' }],
  ];
  it.each(responseCases)('response issues: %s', async (_name, { validation, want }) => {
    const { fetch } = answering(JSON.stringify(BAD_BODY));
    const warnings: unknown[] = [];
    const runtime = await freshRuntime({
      fetch,
      validation,
      onValidationWarning: (report: unknown) => warnings.push(report),
    });
    const outcome = await runtime.call(listThings, {}).catch((caught: unknown) => caught);
    const report = validateResponse({ operation: listThings, status: 200, body: BAD_BODY });
    expect(report?.issues[0]?.message).toBe('Invalid input: expected array, received string');
    if (want === 'error') {
      expect(outcome).toMatchObject({ name: 'ResponseValidationError', report });
      expect(warnings).toEqual([]);
    } else {
      expect(outcome).toEqual(BAD_BODY);
      expect(warnings).toEqual([report]);
    }
  });

  it('a streamed item, checked as it is read', async () => {
    const { fetch } = answering('{"n":1}\n{"n":"two"}\n', 'application/x-ndjson');
    const runtime = await freshRuntime({ fetch, validation: { response: 'strict' } });
    const stream = (await runtime.call(streamThings, {})) as AsyncIterable<unknown>;
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const item of stream) seen.push(item);
    })().catch((caught: unknown) => caught);
    expect(seen).toEqual([{ n: 1 }]);
    expect(error).toMatchObject({
      name: 'ResponseValidationError',
      report: { issues: [{ message: 'Invalid input: expected number, received string' }] },
    });
  });

  it("a configured locale's words win", async () => {
    config({ localeError: () => 'zu groß' });
    const { fetch } = answering('{}');
    const runtime = await freshRuntime({ fetch });
    const error = await runtime.call(listThings, BAD_ARGS).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ issues: [expect.objectContaining({ message: 'zu groß' })] });
  });
});
