/**
 * A package generated with `transformers: { dates: true, bigint: true }`, used over real HTTP
 * against its own mock on loopback, in a negative-offset time zone: a call takes and resolves
 * with `Date`s and `bigint`s, path/query/header parameters and JSON and form bodies go out as
 * the wire values, 2^63 - 1 survives both ways exactly, a `date` never shifts by a day, and
 * the package type-checks strictly with those types. Spec: `test/fixtures/transformers/events.yaml`.
 */
process.env.TZ = 'America/New_York';

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, generate } from '../../generator/src/pipeline.js';
import { optionsKey } from '../../generator/src/commands/config-targets.js';
import { typecheck, type TscResult } from '../support/contract-helpers.js';

type Call = (args?: unknown, options?: Record<string, unknown>) => Promise<any>;
interface Package {
  createClient(options: Record<string, unknown>): Record<string, Call>;
}
interface MockModule {
  createMock(options?: Record<string, unknown>): {
    listen(): Promise<string>;
    close(): Promise<void>;
  };
}

const INT64_MAX = 2n ** 63n - 1n;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC = join(root, 'test/fixtures/transformers/events.yaml');
mkdirSync(join(root, '.tmp'), { recursive: true });
const out = mkdtempSync(join(root, '.tmp', 'transformers-'));

/** A strict consumer: decoded types in, decoded types out; the wire values are still accepted. */
const CONSUMER = `import { createClient, type GetEventResult } from './index.js';
const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
export async function consume(): Promise<[Date, bigint, Date, Date | null | undefined]> {
  const event: GetEventResult = await client.getEvent({ path: { slug: 'a' } });
  const created = await client.createEvent({
    body: { slug: 'b', count: 9223372036854775807n, at: new Date(), day: new Date(2024, 0, 1) },
  });
  await client.createEvent({ body: { slug: 'c', count: 1, at: '2024-01-01T00:00:00Z', day: '2024-01-01' } });
  await client.listEvents({ query: { day: new Date(2024, 0, 1) }, header: { 'X-Since': new Date() } });
  await client.addTicket({ path: { slug: 'a' }, body: { seat: 1n, on: new Date() } });
  // @ts-expect-error: a decoded body is decoded throughout (a string is not a Date)
  await client.createEvent({ body: { slug: 'd', count: 1n, at: '2024-01-01T00:00:00Z', day: new Date() } });
  const count: bigint = created.count;
  for await (const item of await client.streamEvents()) {
    const streamed: Date = item.at;
    void streamed;
  }
  return [event.at, count, created.day, created.ends];
}
`;

let sdk: Package;
let mock: ReturnType<MockModule['createMock']>;
let baseUrl: string;
let compiled: TscResult;

beforeAll(async () => {
  await generate({ spec: SPEC, out, transformers: { dates: true, bigint: true } });
  writeFileSync(join(out, 'src/consumer.ts'), CONSUMER);
  compiled = await typecheck({ dir: out });
  sdk = (await import(join(out, 'src/index.ts'))) as Package;
  const { createMock } = (await import(join(out, 'src/mock.ts'))) as MockModule;
  mock = createMock();
  baseUrl = await mock.listen();
});
afterAll(async () => {
  await mock?.close();
  rmSync(out, { recursive: true, force: true });
});

describe('transformers over real HTTP against the mock', () => {
  it('runs in a negative-offset time zone', () => {
    expect(new Date(2024, 0, 1).getTimezoneOffset()).toBe(300);
  });

  it('the package and a strict consumer type-check', () => {
    expect(compiled.diagnostics).toBe('');
  });

  it('sends Dates and 2^63 - 1 as wire values and reads them back decoded, exactly', async () => {
    const client = sdk.createClient({ baseUrl, validation: { request: true, response: 'strict' } });
    const at = new Date(Date.UTC(2024, 0, 1, 5, 30));
    const created = await client.createEvent!({
      body: { slug: 'launch', count: INT64_MAX, at, day: new Date(2024, 0, 1), ends: null },
    });
    expect(created).toMatchObject({ slug: 'launch', count: INT64_MAX, at, ends: null });
    // Local midnight of January 1st in New York is January 1st on the wire and when read back.
    expect(created.day.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    const read = await client.getEvent!({ path: { slug: 'launch' } });
    expect(read.count).toBe(INT64_MAX);
    expect(read.at).toEqual(at);
    expect(read.day.getUTCDate()).toBe(1);
    // The wire itself: digits, not 9223372036854775808.
    const raw = await (await fetch(`${baseUrl}/events/launch`)).text();
    expect(raw).toContain('"count":9223372036854775807');
    expect(raw).toContain('"day":"2024-01-01"');
  });

  it('a decoded date in a query parameter selects by its day', async () => {
    const client = sdk.createClient({ baseUrl });
    await client.createEvent!({
      body: { slug: 'later', count: 7n, at: new Date(), day: new Date(2024, 5, 30) },
    });
    const found = await client.listEvents!({
      query: { day: new Date(2024, 5, 30) },
      header: { 'X-Since': new Date(Date.UTC(2024, 0, 1)) },
    });
    expect(found.map((event: { slug: string }) => event.slug)).toEqual(['later']);
    expect(found[0].count).toBe(7n);
  });

  it('wire values are still accepted as arguments', async () => {
    const client = sdk.createClient({ baseUrl, validation: { request: true } });
    const created = await client.createEvent!({
      body: { slug: 'wire', count: 3, at: '2024-03-10T12:00:00-05:00', day: '2024-03-10' },
    });
    expect(created.count).toBe(3n);
    expect(created.at.toISOString()).toBe('2024-03-10T17:00:00.000Z');
  });

  it('an int64 query value beyond 2^53 reaches the mock exactly and selects by it', async () => {
    const client = sdk.createClient({ baseUrl, validation: { request: true } });
    const found = await client.listEvents!({ query: { count: INT64_MAX } });
    expect(found.map((event: { slug: string }) => event.slug)).toEqual(['launch']);
    // 2^63 - 2 is 2^63 as a double, as is 2^63 - 1: only an exact read tells them apart.
    expect(await client.listEvents!({ query: { count: INT64_MAX - 1n } })).toEqual([]);
  });

  it('the mock reads form fields by the body schema: 2^63 - 1 and a date are accepted', async () => {
    const client = sdk.createClient({ baseUrl, validation: { request: true } });
    await expect(
      client.addTicket!({
        path: { slug: 'launch' },
        body: { seat: INT64_MAX, on: new Date(2024, 0, 1) },
      }),
    ).resolves.toBeUndefined();
    const refused = await fetch(`${baseUrl}/events/launch/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'seat=twelve',
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('seat');
  });

  it('streamed items arrive decoded, as a body does', async () => {
    const client = sdk.createClient({ baseUrl, validation: { response: 'strict' } });
    const items: { at: unknown; day: unknown; count: unknown }[] = [];
    for await (const item of await client.streamEvents!()) items.push(item);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.at).toBeInstanceOf(Date);
      expect(item.day).toBeInstanceOf(Date);
      expect(typeof item.count).toBe('bigint');
    }
  });

  it('an error body arrives decoded by its response schema', async () => {
    const client = sdk.createClient({
      baseUrl,
      fetch: async () =>
        new Response(JSON.stringify({ message: 'gone', at: '2024-01-01T05:00:00Z' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    });
    const error = (await client.getEvent!({ path: { slug: 'x' } }).catch(
      (caught: unknown) => caught,
    )) as { status: number; body: { message: string; at: unknown } };
    expect(error.status).toBe(404);
    expect(error.body.message).toBe('gone');
    expect(error.body.at).toEqual(new Date(Date.UTC(2024, 0, 1, 5)));
  });

  it('the drop-in (./fetch) keeps wire values, as openapi-fetch types them', async () => {
    const { createClient: createFetchClient } = (await import(join(out, 'src/fetch.ts'))) as {
      createClient(options: Record<string, unknown>): {
        GET(path: string, init?: unknown): Promise<{ data?: { at: unknown; count: unknown } }>;
      };
    };
    const drop = createFetchClient({ baseUrl });
    const { data } = await drop.GET('/events/{slug}', { params: { path: { slug: 'launch' } } });
    expect(typeof data!.at).toBe('string');
  });

  // What the client puts on the wire for a form body, byte for byte.
  it('a form body encodes a bigint and a Date', async () => {
    let sent = '';
    const client = sdk.createClient({
      baseUrl,
      validation: { request: true },
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        sent = await new Request(input, init).text();
        return new Response(null, { status: 204 });
      },
    });
    await client.addTicket!({
      path: { slug: 'launch' },
      body: { seat: INT64_MAX, on: new Date(2024, 0, 1) },
    });
    expect(sent).toBe('seat=9223372036854775807&on=2024-01-01');
  });

  it('an invalid Date fails before anything is sent, naming the field', async () => {
    const client = sdk.createClient({ baseUrl, validation: { request: true } });
    await expect(
      client.createEvent!({ body: { slug: 'x', count: 1n, at: new Date(NaN), day: new Date() } }),
    ).rejects.toThrow(/at/);
  });
});

describe('fixtures are wire values, which the codecs decode and encode back', () => {
  it('every component fixture (minimal and full) decodes to Date/bigint and encodes back to itself', async () => {
    const z = await import('zod');
    const { componentSchemas } = (await import(join(out, 'src/zod.ts'))) as {
      componentSchemas: Record<string, import('zod').ZodType>;
    };
    const { componentFixtures } = (await import(join(out, 'src/fixtures.ts'))) as {
      componentFixtures: Record<string, { minimal: unknown; full: unknown }>;
    };
    const event = componentFixtures.Event!;
    for (const fixture of [event.minimal, event.full]) {
      const decoded = z.decode(componentSchemas.Event!, fixture) as Record<string, unknown>;
      expect(decoded.at).toBeInstanceOf(Date);
      expect(decoded.day).toBeInstanceOf(Date);
      expect(typeof decoded.count).toBe('bigint');
      const wire = z.encode(componentSchemas.Event!, decoded) as Record<string, unknown>;
      const given = fixture as Record<string, unknown>;
      // The calendar day and the integer come back as written; a date-time as the same instant.
      expect(wire.day).toBe(given.day);
      expect(BigInt(wire.count as number | bigint)).toBe(BigInt(given.count as number));
      expect(new Date(wire.at as string).getTime()).toBe(new Date(given.at as string).getTime());
      expect(z.decode(componentSchemas.Event!, wire)).toEqual(decoded);
    }
  });
});

describe('transformers in the drift check and the run cache', () => {
  it('the package is up to date with the options and drifts without them, in the converting files', async () => {
    const same = await check({ spec: SPEC, out, transformers: { dates: true, bigint: true } });
    expect(same.drift.files).toEqual([]);
    const without = await check({ spec: SPEC, out, memo: false });
    // consumer.ts is this test's own file (no zapgen header): never zapgen's business.
    expect(without.drift.files).toEqual([
      // Switching the options is a release (zapgen.surface records them): the version moves,
      // with a changelog line, wherever the package states it.
      'CHANGELOG.md',
      'README.md',
      'package.json',
      'src/client.ts',
      'src/definitions.ts',
      'src/mcp.ts',
      // The routes of converting operations carry the codecs (the clients send routes).
      'src/routes.ts',
      'src/validators.ts',
      'src/zod.ts',
    ]);
    const datesOnly = await check({ spec: SPEC, out, transformers: { dates: true }, memo: false });
    expect(datesOnly.drift.patch).toContain('-import { dateCodec, dateTimeCodec, int64Codec }');
    expect(without.drift.patch).toContain('transformers.dates on → off');
  });

  it('the run cache key changes with the options, and stays as before without them', () => {
    const target = { api: 'events', spec: SPEC, out, packageName: '@zapgen/events' };
    const plain = optionsKey(target);
    expect(plain).toBe('{"filter":null,"overlays":null,"names":null,"namespaces":null}');
    const dates = optionsKey({ ...target, transformers: { dates: true } });
    const both = optionsKey({ ...target, transformers: { dates: true, bigint: true } });
    expect(new Set([plain, dates, both]).size).toBe(3);
  });
});
