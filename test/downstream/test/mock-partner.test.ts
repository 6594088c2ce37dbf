/**
 * `@zapgen/partner-v1` against its running mock over real HTTP: every operation, pagination walks
 * through the runtime's iterators, the documented filters, and the implicit grant issuing tokens
 * that carry their scopes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClient, operationDefinitions, type PartnerV1Client } from '@zapgen/partner-v1';
import { createMock } from '@zapgen/partner-v1/mock';
import { buildImplicitAuthorizationUrl, parseImplicitRedirect } from '@zapgen/runtime';

const mock = createMock({ oauth: { autoApprove: true } });
let baseUrl = '';
let client: PartnerV1Client;

beforeAll(async () => {
  baseUrl = await mock.listen();
  client = createClient({
    baseUrl,
    clientId: 'mock-client-id',
    accessToken: 'mock-token',
    validation: { response: 'strict' },
    retry: { maxRetries: 0 },
  });
});
afterAll(() => mock.close());

const everyOperation: Record<
  keyof typeof operationDefinitions,
  (client: PartnerV1Client) => Promise<unknown>
> = {
  listApps: async (c) =>
    expect(await c.listApps()).toMatchObject({
      page: 1,
      per_page: 100,
      pages: 4,
      total: 400,
      next_url: expect.stringContaining('page=2'),
    }),
  listZapTemplates: async (c) =>
    expect((await c.listZapTemplates()).map((template) => template.id)).toEqual([
      1001, 1002, 1004, 1005, 1006,
    ]),
  listMyZapTemplates: async (c) =>
    expect(
      (await c.listMyZapTemplates()).map((template) => [template.id, template.status]),
    ).toEqual([[9001, 'published']]),
  listZaps: async (c) =>
    expect(await c.listZaps()).toMatchObject({
      count: 9,
      objects: expect.any(Array),
      previous: null,
    }),
};

describe('every operation of @zapgen/partner-v1 against the running mock', () => {
  test('the table covers every operation', () => {
    expect(Object.keys(everyOperation).sort()).toEqual(Object.keys(operationDefinitions).sort());
  });
  test.each(Object.entries(everyOperation))('%s', async (_operationId, call) => {
    await call(client);
  });
});

describe('apps: a catalogue by popularity, paged', () => {
  test('the iterator walks every page: 400 apps, none built-in, not the partner app', async () => {
    const slugs: string[] = [];
    for await (const app of client.paginate.listApps({ query: { per_page: 100 } }))
      slugs.push(app.slug!);
    expect(slugs).toHaveLength(400);
    expect(slugs.slice(0, 3)).toEqual(['app-1', 'app-2', 'app-3']);
    expect(slugs).not.toContain('acme-crm');
    expect(slugs.filter((slug) => ['formatter', 'filter', 'schedule'].includes(slug))).toEqual([]);
  });

  test('a middle page links both ways; the last page has no next_url; a page past the end is empty', async () => {
    expect(await client.listApps({ query: { per_page: 30, page: 2 } })).toMatchObject({
      page: 2,
      per_page: 30,
      pages: 14,
      total: 400,
    });
    const middle = await client.listApps({ query: { per_page: 30, page: 2 } });
    expect(new URL(middle.prev_url!).searchParams.get('page')).toBe('1');
    expect(new URL(middle.next_url!).searchParams.get('page')).toBe('3');
    expect(new URL(middle.next_url!).searchParams.has('client_id')).toBe(false);
    const last = await client.listApps({ query: { per_page: 30, page: 14 } });
    expect(last.objects).toHaveLength(10);
    expect(last).not.toHaveProperty('next_url');
    expect((await client.listApps({ query: { per_page: 30, page: 15 } })).objects).toEqual([]);
  });

  test('per_page above 100 is refused by the mock (400 with the errors list)', async () => {
    const response = await fetch(`${baseUrl}/v1/apps?per_page=101&client_id=mock-client-id`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: [
        'Invalid parameters for listApps.',
        'query.per_page: Too big: expected number to be <=100',
      ],
    });
  });
});

describe('templates', () => {
  test('limit/offset walk (default 5); only templates with the partner app', async () => {
    const ids: number[] = [];
    for await (const template of client.paginate.listZapTemplates({ query: { limit: 7 } }))
      ids.push(template.id!);
    expect(ids).toHaveLength(18);
    expect(new Set(ids).size).toBe(18);
    const all = await client.listZapTemplates({ query: { limit: 100 } });
    expect(all.every((template) => template.steps?.some((step) => step.slug === 'acme-crm'))).toBe(
      true,
    );
  });

  test.each([
    [
      'apps: every listed app, and the partner app',
      { apps: ['app-2'] },
      [1002, 1004, 1006, 1008, 1010, 1012, 1014, 1016, 1018, 1020, 1022, 1024],
    ],
    ['apps: two apps', { apps: ['app-1', 'app-2'] }, [1004, 1008, 1012, 1016, 1020, 1024]],
    ['templates: by id', { templates: [1001, 1003, 1004] }, [1001, 1004]],
    ['an app no template has', { apps: ['app-400'] }, []],
  ])('%s', async (_name, query, ids) => {
    expect(
      (await client.listZapTemplates({ query: { ...query, limit: 100 } })).map(
        (template) => template.id,
      ),
    ).toEqual(ids);
  });

  test('/me lists the templates the user added, by status (default published), with the partner app', async () => {
    expect(
      (await client.listMyZapTemplates({ query: { status: 'draft' } })).map(
        (template) => template.id,
      ),
    ).toEqual([9002]);
    await expect(
      createClient({
        baseUrl,
        clientId: 'mock-client-id',
        accessToken: mock.issueToken({ scopes: ['zap'] }),
      }).listMyZapTemplates(),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe('zaps', () => {
  test('the iterator follows next; only zaps with the partner app', async () => {
    const ids: number[] = [];
    for await (const zap of client.paginate.listZaps({ query: { limit: 2 } })) ids.push(zap.id!);
    expect(ids).toEqual([5001, 5002, 5003, 5005, 5006, 5007, 5009, 5010, 5011]);
  });

  test.each([
    [
      'params__ with app: the step of that app has the setting',
      { app: 'slack', params: { channel: 'C1' } },
      [5001, 5005, 5009],
    ],
    [
      'the partner app with its own setting',
      { app: 'acme-crm', params: { list: 'leads' } },
      [5001, 5003, 5005, 5007, 5009, 5011],
    ],
    ['app alone', { app: 'gmail' }, [5003, 5007, 5011]],
    ['no step of that app has the setting', { app: 'slack', params: { channel: 'C9' } }, []],
  ])('%s', async (_name, query, ids) => {
    expect(
      (await client.listZaps({ query: { ...query, limit: 100 } })).objects?.map((zap) => zap.id),
    ).toEqual(ids);
  });

  test("another user's zaps are not listed", async () => {
    const stranger = createClient({
      baseUrl,
      accessToken: mock.issueToken({ caller: { user: 2 } }),
    });
    expect(await stranger.listZaps()).toMatchObject({ count: 0, objects: [] });
  });
});

describe('implicit grant over HTTP (autoApprove)', () => {
  test('the token carries the scopes asked for: zap passes, templates is 403', async () => {
    const { url, state } = buildImplicitAuthorizationUrl({
      authorizationUrl: `${baseUrl}/oauth/authorize`,
      clientId: 'mock-client-id',
      redirectUri: 'http://127.0.0.1:9/cb',
      scopes: ['zap'],
    });
    const redirect = await fetch(url, { redirect: 'manual' });
    const token = parseImplicitRedirect({
      url: redirect.headers.get('location')!,
      expectedState: state,
    });
    expect(token).toMatchObject({ tokenType: 'Bearer', expiresIn: 36000, scopes: ['zap'] });
    const user = createClient({
      baseUrl,
      clientId: 'mock-client-id',
      accessToken: token.accessToken,
    });
    expect((await user.listZaps()).count).toBe(9);
    await expect(user.listMyZapTemplates()).rejects.toMatchObject({ status: 403 });
  });
});
