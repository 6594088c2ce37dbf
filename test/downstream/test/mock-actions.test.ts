/**
 * `@zapgen/actions-v2` against its running mock over real HTTP, as a user outside the repo uses
 * them: every operation once (results parsed and validated strictly), then the documented
 * behaviour: stored AI actions, execution logs and ratings, authentications, prefill caching.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  ClientError,
  createClient,
  operationDefinitions,
  type ActionsV2Client,
} from '@zapgen/actions-v2';
import { createMock } from '@zapgen/actions-v2/mock';

const mock = createMock({ cacheLoadingMs: 1000 });
let baseUrl = '';
let client: ActionsV2Client;

beforeAll(async () => {
  baseUrl = await mock.listen();
  client = createClient({
    baseUrl,
    apiKey: 'mock-api-key',
    validation: { response: 'strict' },
    retry: { maxRetries: 0 },
  });
});
afterAll(() => mock.close());
beforeEach(() => mock.store.reset());

const storedId = () => String(mock.store.records('ai-actions')[0]?.id);
const locked = (value: unknown) => ({ mode: 'locked' as const, value });

/** One call of every operation, with what its answer must show. */
const everyOperation: Record<
  keyof typeof operationDefinitions,
  (client: ActionsV2Client) => Promise<unknown>
> = {
  checkHealth: (c) => c.checkHealth(),
  checkAuth: async (c) =>
    expect(await c.checkAuth()).toEqual({
      success: true,
      email: 'demo@example.com',
      name: 'Demo User',
      user_id: 1,
      is_staff: expect.any(Boolean),
    }),
  listAccounts: async (c) => expect((await c.listAccounts()).results).toEqual(expect.any(Array)),
  getLoginLink: async (c) => {
    const { login_link } = await c.getLoginLink({
      query: {
        sign_up_first_name: 'Ada',
        sign_up_last_name: 'L',
        sign_up_email: 'ada@example.com',
      },
    });
    expect(login_link).toMatch(
      new RegExp(`^${baseUrl}/__zapgen/login\\?ticket=mock_login_[0-9a-f]+$`),
    );
  },
  getOAuthLoginLink: async (c) => {
    const { login_link } = await c.getOAuthLoginLink({
      query: {
        client_id: 'mock-client-id',
        redirect_uri: 'http://127.0.0.1:9/cb',
        code_challenge: 'x'.repeat(43),
        sign_up_email: 'ada@example.com',
      },
    });
    expect(login_link).toMatch(/\/__zapgen\/login\?ticket=/);
  },
  testAuthentication: async (c) =>
    expect(await c.testAuthentication({ path: { auth_id: 101 } })).toEqual({
      success: true,
      errors: null,
      results: { valid: true },
    }),
  searchApps: async (c) =>
    expect((await c.searchApps({ query: { query: 'slack' } })).results).toEqual(expect.any(Array)),
  getApp: (c) => c.getApp({ path: { app: 'slack' } }),
  listAppAuthentications: async (c) =>
    expect(
      (await c.listAppAuthentications({ path: { app: 'slack' } })).results.map((auth) => auth.id),
    ).toEqual([101, 102, 103, 104]),
  listActions: (c) =>
    c.listActions({ path: { app: 'slack' }, query: { filter_action_type: ['write', 'search'] } }),
  getActionDetails: (c) =>
    c.getActionDetails({
      path: { app: 'slack', action: 'send' },
      query: { action_extra: ['action_needs', 'action_gives'] },
      body: { params: {} },
    }),
  getPrefillChoices: async (c) =>
    expect(await c.getPrefillChoices({ path: { app: 'slack', prefill: 'channel' } })).toMatchObject(
      { is_loading: true },
    ),
  executeStatelessAction: async (c) =>
    expect(
      await c.executeStatelessAction({
        body: {
          instructions: 'say hi',
          app: 'slack',
          action: 'send',
          params: { channel: locked('C1') },
        },
      }),
    ).toMatchObject({
      status: 'success',
      action_used: 'send',
      execution_log_id: expect.any(String),
    }),
  executeAiAction: async (c) =>
    expect(
      await c.executeAiAction({ path: { ai_action_id: storedId() }, body: { instructions: 'go' } }),
    ).toMatchObject({ status: 'success', action_used: 'send_channel_message' }),
  previewAiAction: async (c) =>
    expect(
      await c.previewAiAction({ path: { ai_action_id: storedId() }, body: { instructions: 'go' } }),
    ).toMatchObject({ status: 'preview', results: [] }),
  rateExecutionLog: async (c) => {
    const { execution_log_id } = await c.executeStatelessAction({
      body: { instructions: 'x', app: 'slack', action: 'send' },
    });
    expect(
      await c.rateExecutionLog({
        path: { execution_log_id: execution_log_id! },
        query: { rating: 1, feedback: 'good' },
      }),
    ).toMatchObject({ rating: 1, feedback: 'good' });
  },
  listAiActions: async (c) =>
    expect((await c.listAiActions()).results?.map((action) => action.app)).toEqual(['slack']),
  createAiAction: async (c) =>
    expect(await c.createAiAction({ body: { app: 'gmail', action: 'send_email' } })).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      app: 'gmail',
    }),
  getAiAction: async (c) =>
    expect(await c.getAiAction({ path: { ai_action_id: storedId() } })).toMatchObject({
      app: 'slack',
      action: 'send_channel_message',
    }),
  updateAiAction: async (c) =>
    expect(
      await c.updateAiAction({
        path: { ai_action_id: storedId() },
        body: { app: 'slack', action: 'send_dm' },
      }),
    ).toMatchObject({ id: storedId(), action: 'send_dm' }),
  deleteAiAction: async (c) =>
    expect(await c.deleteAiAction({ path: { ai_action_id: storedId() } })).toBe(true),
  guessActions: async (c) =>
    expect(await c.guessActions({ body: { query: 'send a message' } })).toEqual(expect.any(Array)),
  listUnfurlApps: (c) => c.listUnfurlApps(),
  checkUnfurlAppAuth: (c) => c.checkUnfurlAppAuth({ path: { app: 'slack' } }),
  unfurlUrl: (c) => c.unfurlUrl({ body: { url: 'https://example.com/thing' } }),
  shrinkResult: (c) =>
    c.shrinkResult({
      query: { app: 'slack', action: 'send', action_type: 'write' },
      body: { result: { a: 1 }, result_field_labels: {} },
    }),
};

describe('every operation of @zapgen/actions-v2 against the running mock', () => {
  test('the table covers every operation', () => {
    expect(Object.keys(everyOperation).sort()).toEqual(Object.keys(operationDefinitions).sort());
  });
  test.each(Object.entries(everyOperation))('%s', async (_operationId, call) => {
    await call(client);
  });
});

describe('stored AI actions', () => {
  test('create returns a uuid; get, list and update read it back; delete is true, then false; then 404', async () => {
    const created = await client.createAiAction({
      query: { account_id: 1, authentication_id: 101 },
      body: {
        app: 'gmail',
        action: 'send_email',
        action_type: 'write',
        params: { to: locked('a@example.com') },
      },
    });
    const id = created.id!;
    expect(created).toMatchObject({
      app: 'gmail',
      account_id: 1,
      authentication_id: 101,
      params: { to: locked('a@example.com') },
    });
    expect(await client.getAiAction({ path: { ai_action_id: id } })).toEqual(created);
    expect((await client.listAiActions()).results?.map((action) => action.id)).toEqual([
      storedId(),
      id,
    ]);
    const updated = await client.updateAiAction({
      path: { ai_action_id: id },
      body: { app: 'gmail', action: 'reply' },
    });
    expect(updated).toMatchObject({ id, action: 'reply' });
    expect(await client.getAiAction({ path: { ai_action_id: id } })).toEqual(updated);
    expect(await client.deleteAiAction({ path: { ai_action_id: id } })).toBe(true);
    expect(await client.deleteAiAction({ path: { ai_action_id: id } })).toBe(false);
    await expect(client.getAiAction({ path: { ai_action_id: id } })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      client.executeAiAction({ path: { ai_action_id: id }, body: {} }),
    ).rejects.toMatchObject({ status: 404 });
  });

  test("another user's AI actions are not visible", async () => {
    const stranger = createClient({
      baseUrl,
      accessToken: mock.issueToken({ caller: { user: 2 } }),
    });
    expect((await stranger.listAiActions()).results).toEqual([]);
    await expect(
      stranger.getAiAction({ path: { ai_action_id: storedId() } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('execution', () => {
  const params = {
    channel: locked('C1'),
    text: { mode: 'guess' as const, value: 'hello' },
    thread: { mode: 'ignored' as const, value: 't' },
  };

  test('preview_only returns the resolved params without executing', async () => {
    const preview = await client.executeStatelessAction({
      query: { preview_only: true },
      body: { instructions: 'say hello', app: 'slack', action: 'send', params },
    });
    expect(preview).toMatchObject({
      status: 'preview',
      results: [],
      input_params: params,
      resolved_params: { channel: 'C1', text: 'hello' },
    });
  });

  test('skip_param_guessing refuses params that are not locked or ignored (422), accepts those that are', async () => {
    const call = client.executeStatelessAction({
      query: { skip_param_guessing: true },
      body: { instructions: 'x', app: 'slack', action: 'send', params },
    });
    await expect(call).rejects.toBeInstanceOf(ClientError);
    await expect(call).rejects.toMatchObject({
      status: 422,
      body: { error: 'With skip_param_guessing every param must be in mode locked or ignored.' },
    });
    const direct = await client.executeStatelessAction({
      query: { skip_param_guessing: true },
      body: { instructions: 'x', app: 'slack', action: 'send', params: { channel: locked('C1') } },
    });
    expect(direct.status).toBe('success');
  });

  test('both flags are refused by the mock too (400), when the client does not check first', async () => {
    const unchecked = createClient({
      baseUrl,
      apiKey: 'mock-api-key',
      validation: { request: false },
    });
    await expect(
      unchecked.executeStatelessAction({
        query: { skip_param_guessing: true, preview_only: true },
        body: { instructions: 'x', app: 'a', action: 'b' },
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  test('every execute yields an execution log; rating patches rating and feedback, repeatedly', async () => {
    const first = await client.executeStatelessAction({
      body: { instructions: 'x', app: 'slack', action: 'send' },
    });
    const second = await client.executeAiAction({
      path: { ai_action_id: storedId() },
      body: { instructions: 'y' },
    });
    expect(first.execution_log_id).not.toBe(second.execution_log_id);
    const id = first.execution_log_id!;
    expect(
      await client.rateExecutionLog({
        path: { execution_log_id: id },
        query: { rating: -1, feedback: 'wrong channel' },
      }),
    ).toMatchObject({
      execution_log_id: id,
      rating: -1,
      feedback: 'wrong channel',
      status: 'success',
    });
    expect(
      await client.rateExecutionLog({
        path: { execution_log_id: id },
        query: { rating: 1, feedback: 'fixed' },
      }),
    ).toMatchObject({ rating: 1, feedback: 'fixed' });
    expect(
      mock.store.records('execution-logs').find((log) => log.execution_log_id === id),
    ).toMatchObject({ rating: 1, feedback: 'fixed' });
    await expect(
      client.rateExecutionLog({ path: { execution_log_id: 'missing' }, query: { rating: 1 } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('authentications', () => {
  test('testing an invalid one marks it stale; later listings show is_stale', async () => {
    const stale = () =>
      client
        .listAppAuthentications({ path: { app: 'slack' } })
        .then(({ results }) => results.filter((auth) => auth.is_stale).map((auth) => auth.id));
    expect(await stale()).toEqual([]);
    expect(await client.testAuthentication({ path: { auth_id: 102 } })).toMatchObject({
      success: false,
      errors: [{ message: expect.any(String) }],
      results: null,
    });
    expect(await stale()).toEqual([102]);
    expect(await client.testAuthentication({ path: { auth_id: 101 } })).toMatchObject({
      success: true,
    });
    expect(await stale()).toEqual([102]);
    await expect(client.testAuthentication({ path: { auth_id: 999 } })).rejects.toMatchObject({
      status: 404,
    });
  });

  test.each([
    ['all of the app, shared ones too', {}, [101, 102, 103, 104]],
    ['only_owned leaves out the shared one', { only_owned: true }, [101, 102, 104]],
    ['account_id filters by account', { account_id: 2 }, [104]],
    ['both', { only_owned: true, account_id: 1 }, [101, 102]],
  ])('listing: %s', async (_name, query, ids) => {
    expect(
      (await client.listAppAuthentications({ path: { app: 'slack' }, query })).results.map(
        (auth) => auth.id,
      ),
    ).toEqual(ids);
  });
});

describe('prefill choices: cached 24 hours per user, app and prefill', () => {
  const args = { path: { app: 'slack', prefill: 'channel' } };
  // The poll helper's waits advance the mock's clock: no real waiting.
  const polling = () =>
    createClient({
      baseUrl,
      apiKey: 'mock-api-key',
      retry: { sleep: async (ms: number) => void mock.clock.advance(ms) },
    });

  test('the polling helper waits while is_loading, then gets the choices', async () => {
    const result = await polling().poll.getPrefillChoices(args, { intervalMs: 500 });
    expect(result).toMatchObject({
      is_loading: false,
      last_refresh_seconds_ago: 0,
      results: expect.any(Array),
    });
  });

  test('cached: the age grows; force_refresh and the end of the 24 hours reload', async () => {
    await polling().poll.getPrefillChoices(args);
    mock.clock.advance(3_600_000);
    expect(await client.getPrefillChoices(args)).toMatchObject({
      is_loading: false,
      last_refresh_seconds_ago: 3600,
    });
    expect(
      await client.getPrefillChoices({ ...args, query: { force_refresh: true } }),
    ).toMatchObject({ is_loading: true });
    expect(
      await polling().poll.getPrefillChoices({ ...args, query: { force_refresh: true } }),
    ).toMatchObject({ is_loading: false, last_refresh_seconds_ago: 0 });
    mock.clock.advance(86_400_000);
    expect(await client.getPrefillChoices(args)).toMatchObject({ is_loading: true });
  });

  test('another prefill or another user has its own cache entry', async () => {
    await polling().poll.getPrefillChoices(args);
    expect(
      await client.getPrefillChoices({ path: { app: 'slack', prefill: 'user' } }),
    ).toMatchObject({ is_loading: true });
    const other = createClient({ baseUrl, accessToken: mock.issueToken({ caller: { user: 2 } }) });
    expect(await other.getPrefillChoices(args)).toMatchObject({ is_loading: true });
  });
});

describe('credentials and scopes', () => {
  test('an unknown key is 401; a token without the operation scopes is 403; one with them passes', async () => {
    await expect(createClient({ baseUrl, apiKey: 'guess' }).checkHealth()).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      createClient({ baseUrl, accessToken: mock.issueToken({ scopes: ['openid'] }) }).checkHealth(),
    ).rejects.toMatchObject({ status: 403 });
    await createClient({
      baseUrl,
      accessToken: mock.issueToken({ scopes: ['openid', 'nla:exposed_actions:execute'] }),
    }).checkHealth();
  });
});
