/**
 * `readWrite: 'split'` as a user of the package meets it: one spec
 * (`test/fixtures/read-write/users.yaml`: a readOnly id and creation time, a writeOnly password,
 * a team of users) generated with the option and without. The types refuse a readOnly field in
 * a request and have no writeOnly field in a response; the validators, the fixtures and the mock
 * agree; the client calls the mock; and the shared `User` type is the same bytes either way.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from '../../generator/src/pipeline.js';
import { typecheck, type TscResult } from '../support/contract-helpers.js';

type Json = Record<string, unknown>;
interface Validator {
  safeParse(value: unknown): { success: boolean; error?: { issues: { path: unknown[] }[] } };
}
interface ZodModule {
  UserWritableSchema: Validator;
  UserReadableSchema: Validator;
  UserSchema: Validator;
  TeamWritableSchema: Validator;
}
interface FixturesModule {
  componentFixtures: Record<string, { minimal?: Json; full?: Json }>;
  operationFixtures: Record<
    string,
    { request: { body?: Json }; responses: Record<string, Json | Json[]> }
  >;
}
interface MockModule {
  createMock(options?: Json): {
    fetch: typeof fetch;
    store: { records(collection: string): Json[] };
  };
}
type Call = (args?: unknown) => Promise<any>;
interface ClientModule {
  createClient(options: Json): Record<string, Call>;
}

/** A strict consumer of the split package: what compiles and what must not. */
const CONSUMER = `import { createClient, type components } from './index.js';
import type { User, UserReadable, UserWritable, TeamWritable } from './types.js';
const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
export async function consume() {
  const created = await client.createUser({ body: { name: 'Ada', password: 'correct horse' } });
  const id: number = created.id;
  const when: string | undefined = created.created;
  // @ts-expect-error: a response has no writeOnly password
  const leaked = created.password;
  // @ts-expect-error: a request cannot set the readOnly id
  await client.createUser({ body: { id: 1, name: 'Ada', password: 'correct horse' } });
  // @ts-expect-error: the writeOnly password is required in requests
  await client.createUser({ body: { name: 'Ada' } });
  const team: TeamWritable = { name: 't', members: [{ name: 'Ada', password: 'correct horse' }] };
  // @ts-expect-error: the members of a team sent are writable users: no id
  const wrongTeam: TeamWritable = { name: 't', members: [{ id: 1, name: 'Ada', password: 'x' }] };
  const users: UserReadable[] = await client.listUsers();
  // The shared type is openapi-typescript's: every property, readOnly ones readonly.
  const shared: User = { id: 1, name: 'Ada', password: 'correct horse' };
  const same: components['schemas']['User'] = shared;
  const writable: UserWritable = { name: 'Ada', password: 'correct horse' };
  return [id, when, leaked, team, wrongTeam, users, same, writable];
}
`;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC = join(root, 'test/fixtures/read-write/users.yaml');
mkdirSync(join(root, '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(root, '.tmp', 'read-write-'));
const split = join(scratch, 'split');
const shared = join(scratch, 'shared');

let compiled: TscResult;
let zod: ZodModule;
let fixtures: FixturesModule;
let mockModule: MockModule;
let client: ClientModule;

beforeAll(async () => {
  await generate({ spec: SPEC, out: split, readWrite: 'split', specLabel: 'users.yaml' });
  await generate({ spec: SPEC, out: shared, specLabel: 'users.yaml' });
  writeFileSync(join(split, 'src/consumer.ts'), CONSUMER);
  compiled = await typecheck({ dir: split });
  zod = (await import(join(split, 'src/zod.ts'))) as ZodModule;
  fixtures = (await import(join(split, 'src/fixtures.ts'))) as FixturesModule;
  mockModule = (await import(join(split, 'src/mock.ts'))) as MockModule;
  client = (await import(join(split, 'src/index.ts'))) as ClientModule;
}, 240_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('types.ts', () => {
  test('the package and a strict consumer compile; each @ts-expect-error is an error', () => {
    expect(compiled.diagnostics).toBe('');
  });

  test('the shared component is the same text as without the option', () => {
    const block = (dir: string) => {
      const text = readFileSync(join(dir, 'src/types.ts'), 'utf8');
      const start = text.indexOf('    User: {');
      return text.slice(start, text.indexOf('\n    };', start));
    };
    expect(block(split)).toBe(block(shared));
    expect(block(split)).toContain('readonly id: number;');
  });

  test('without the option there are no derived shapes', () => {
    const text = readFileSync(join(shared, 'src/types.ts'), 'utf8');
    expect(text).not.toMatch(/Readable|Writable/);
  });
});

describe('zod validators', () => {
  const user = { name: 'Ada', password: 'correct horse' };
  const cases: [string, { schema: keyof ZodModule; value: Json; valid: boolean }][] = [
    [
      'a request without the readOnly id',
      { schema: 'UserWritableSchema', value: user, valid: true },
    ],
    [
      'a request with the readOnly id',
      { schema: 'UserWritableSchema', value: { ...user, id: 1 }, valid: false },
    ],
    [
      'a request with the readOnly creation time',
      {
        schema: 'UserWritableSchema',
        value: { ...user, created: '2026-01-01T00:00:00Z' },
        valid: false,
      },
    ],
    [
      'a request without the writeOnly password',
      { schema: 'UserWritableSchema', value: { name: 'Ada' }, valid: false },
    ],
    [
      'a response without the writeOnly password',
      { schema: 'UserReadableSchema', value: { id: 1, name: 'Ada' }, valid: true },
    ],
    [
      'a response without the readOnly id',
      { schema: 'UserReadableSchema', value: { name: 'Ada' }, valid: false },
    ],
    [
      'a response with a writeOnly password that leaked',
      { schema: 'UserReadableSchema', value: { id: 1, ...user }, valid: false },
    ],
    [
      'a response with another unknown property (the object stays open)',
      { schema: 'UserReadableSchema', value: { id: 1, name: 'Ada', nickname: 'A' }, valid: true },
    ],
    [
      'the shared schema takes both directions, the password too',
      { schema: 'UserSchema', value: { id: 1, ...user }, valid: true },
    ],
    [
      'the shared schema needs both',
      { schema: 'UserSchema', value: { id: 1, name: 'Ada' }, valid: false },
    ],
    [
      'a team sent with a member that has an id',
      {
        schema: 'TeamWritableSchema',
        value: { name: 't', members: [{ ...user, id: 1 }] },
        valid: false,
      },
    ],
  ];
  test.each(cases)('%s', (_name, { schema, value, valid }) => {
    expect(zod[schema].safeParse(value).success).toBe(valid);
  });
});

describe('fixtures', () => {
  test('request fixtures leave readOnly properties out, response fixtures writeOnly ones', () => {
    const create = fixtures.operationFixtures.createUser!;
    expect(Object.keys(create.request.body!).sort()).toEqual(['name', 'password']);
    expect(Object.keys(create.responses['201'] as Json).sort()).toEqual(['created', 'id', 'name']);
    const list = fixtures.operationFixtures.listUsers!.responses['200'] as Json[];
    for (const item of list) expect(item).not.toHaveProperty('password');
    expect(fixtures.componentFixtures.UserWritable!.full).not.toHaveProperty('id');
    expect(fixtures.componentFixtures.UserReadable!.full).not.toHaveProperty('password');
  });
});

describe('the mock', () => {
  const post = (mock: ReturnType<MockModule['createMock']>, body: Json) =>
    mock.fetch('https://users.example.com/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('refuses a readOnly field in a request with a 400 naming it', async () => {
    const mock = mockModule.createMock();
    const response = await post(mock, { id: 7, name: 'Ada', password: 'correct horse' });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as Json;
    expect(JSON.stringify(problem)).toMatch(/"id"/);
  });

  test('never answers with a writeOnly field, though it keeps it', async () => {
    const mock = mockModule.createMock();
    const response = await post(mock, { name: 'Ada', password: 'correct horse' });
    expect(response.status).toBe(201);
    const created = (await response.json()) as Json;
    expect(created).not.toHaveProperty('password');
    expect(created).toMatchObject({ name: 'Ada' });
    const read = (await (
      await mock.fetch(`https://users.example.com/users/${String(created.id)}`)
    ).json()) as Json;
    expect(read).toEqual(created);
    const listed = (await (await mock.fetch('https://users.example.com/users')).json()) as Json[];
    expect(listed.length).toBeGreaterThan(0);
    for (const item of listed) expect(item).not.toHaveProperty('password');
    const stored = mock.store.records('users').find((record) => record.id === created.id);
    expect(stored).toMatchObject({ password: 'correct horse' });
  });

  test('the client and the mock agree: a created user comes back without its password', async () => {
    const mock = mockModule.createMock();
    const sdk = client.createClient({ baseUrl: 'https://users.example.com', fetch: mock.fetch });
    const created = (await sdk.createUser!({
      body: { name: 'Ada', password: 'correct horse' },
    })) as Json;
    expect(created).not.toHaveProperty('password');
    expect(typeof created.id).toBe('number');
    // A readOnly field is refused before a request is sent.
    await expect(
      sdk.createUser!({ body: { id: 1, name: 'Ada', password: 'correct horse' } }),
    ).rejects.toThrow(/id/);
  });

  test('a server that leaks a writeOnly password fails strict response validation, naming it', async () => {
    const leaking = async () =>
      new Response(JSON.stringify({ id: 1, name: 'Ada', password: 'correct horse' }), {
        headers: { 'content-type': 'application/json' },
      });
    const sdk = client.createClient({
      baseUrl: 'https://users.example.com',
      fetch: leaking,
      validation: { response: 'strict' },
    });
    await expect(sdk.getUser!({ path: { id: 1 } })).rejects.toThrow(/password/);
  });
});
