/**
 * The runtime's features as a user meets them: through the generated packages, imported by name,
 * against a recording server on loopback. Each test asserts what went over the wire (or that
 * nothing did) and what the caller got back.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  ClientError,
  createClient as createActionsClient,
  MissingCredentialsError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
} from '@zapgen/actions-v2';
import { oauthFlows } from '@zapgen/actions-v2';
import { createClient as createPartnerClient } from '@zapgen/partner-v1';
import { exchangeAuthorizationCode, startAuthorizationCode } from '@zapgen/runtime';

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
}

/** A server that records every request and answers from a queue per `METHOD /path`. */
const requests: Recorded[] = [];
const answers = new Map<string, Answer[]>();
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://recorder.invalid');
    requests.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() });
    const queue = answers.get(`${request.method} ${url.pathname}`) ?? [];
    const answer = queue.length > 1 ? queue.shift()! : (queue[0] ?? { status: 404, body: { error: 'no answer queued' } });
    setTimeout(() => {
      if (response.destroyed) return;
      response.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': `req-${requests.length}`, ...answer.headers });
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
});

let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
  answers.clear();
});

const answer = (key: string, ...queue: Answer[]) => answers.set(key, queue);
const noWait = { sleep: async () => {}, random: () => 0.5 };

const app = { app: 'slack', name: 'Slack', logo_url: 'https://example.com/slack.png', auth_type: null, actions: { write: 3 } };

describe('credentials per operation', () => {
  test('an API key goes in the x-api-key header, and nothing else is sent', async () => {
    answer('GET /api/v2/apps/search/', { status: 200, body: { results: [app] } });
    const found = await createActionsClient({ baseUrl, apiKey: 'key-1' }).searchApps({ query: { query: 'slack' } });
    expect(found.results[0]?.app).toBe('slack');
    expect(requests[0]?.headers['x-api-key']).toBe('key-1');
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(requests[0]?.query.toString()).toBe('query=slack');
  });

  test('an OAuth token is the alternative: Authorization: Bearer', async () => {
    answer('GET /api/v2/auth/check/', { status: 200, body: { success: true, email: 'a@example.com', name: 'A' } });
    await createActionsClient({ baseUrl, accessToken: 'token-1' }).checkAuth();
    expect(requests[0]?.headers.authorization).toBe('Bearer token-1');
    expect(requests[0]?.headers['x-api-key']).toBeUndefined();
  });

  test('client ID AND token for /v1/zap-templates/me; client ID alone is not enough', async () => {
    answer('GET /v1/zap-templates/me', { status: 200, body: [] });
    await createPartnerClient({ baseUrl, clientId: 'c-1', accessToken: 't-1' }).listMyZapTemplates();
    expect(requests[0]?.query.get('client_id')).toBe('c-1');
    expect(requests[0]?.headers.authorization).toBe('Bearer t-1');

    const call = createPartnerClient({ baseUrl, clientId: 'c-1' }).listMyZapTemplates();
    await expect(call).rejects.toBeInstanceOf(MissingCredentialsError);
    await expect(call).rejects.toThrow(/listMyZapTemplates/);
    expect(requests).toHaveLength(1);
  });

  test('no credential at all: fails before sending, naming the operation, never a secret', async () => {
    const error = await createActionsClient({ baseUrl }).listAccounts().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MissingCredentialsError);
    expect(String((error as Error).message)).toMatch(/listAccounts/);
    expect(requests).toHaveLength(0);
  });
});

describe('parameters on the wire and their rules', () => {
  test('a comma list is sent form/explode=false: filter_action_type=write,search', async () => {
    answer('GET /api/v2/apps/slack/actions/', { status: 200, body: { results: [] } });
    await createActionsClient({ baseUrl, apiKey: 'k' }).listActions({ path: { app: 'slack' }, query: { filter_action_type: ['write', 'search'] } });
    expect(requests[0]?.path).toBe('/api/v2/apps/slack/actions/');
    expect(decodeURIComponent(requests[0]?.query.toString() ?? '')).toBe('filter_action_type=write,search');
  });

  test('dynamic filters are sent as params__key=value next to app', async () => {
    answer('GET /v1/zaps', { status: 200, body: { objects: [] } });
    await createPartnerClient({ baseUrl, accessToken: 't' }).listZaps({ query: { app: 'slack', params: { channel: 'C1' } } });
    expect(requests[0]?.query.get('params__channel')).toBe('C1');
    expect(requests[0]?.query.get('app')).toBe('slack');
    expect(requests[0]?.query.has('params')).toBe(false);
  });

  test.each([
    ['per_page above its maximum', () => createPartnerClient({ baseUrl, clientId: 'c' }).listApps({ query: { per_page: 500 } }), /per_page/],
    ['skip_param_guessing together with preview_only', () => createActionsClient({ baseUrl, apiKey: 'k' }).executeStatelessAction({ query: { skip_param_guessing: true, preview_only: true }, body: { instructions: 'x', app: 'a', action: 'b' } }), /skip_param_guessing.*preview_only/],
    ['shrink-result action without action_type', () => createActionsClient({ baseUrl, apiKey: 'k' }).shrinkResult({ query: { app: 'slack', action: 'send' } }), /action_type/],
    ['an enum value outside the enum', () => createActionsClient({ baseUrl, apiKey: 'k' }).getActionDetails({ path: { app: 'a', action: 'b' }, query: { action_type: 'delete' as 'write' } }), /action_type/],
  ])('%s fails before sending and names the parameter', async (_name, call, message) => {
    const error = await call().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toMatch(message);
    expect(requests).toHaveLength(0);
  });

  test('validation can be turned off per client: the server decides', async () => {
    answer('GET /v1/apps', { status: 200, body: { objects: [], page: 1, per_page: 100, total: 0, pages: 0 } });
    await createPartnerClient({ baseUrl, clientId: 'c', validation: { request: false } }).listApps({ query: { per_page: 500 } });
    expect(requests[0]?.query.get('per_page')).toBe('500');
  });
});

describe('failures', () => {
  test('an ErrorResponse status is a typed error with status, body, operationId and request id', async () => {
    answer('POST /api/v2/execute/', { status: 422, body: { error: 'Unknown app' } });
    const error = await createActionsClient({ baseUrl, apiKey: 'secret-key' })
      .executeStatelessAction({ body: { instructions: 'x', app: 'nope', action: 'b' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ status: 422, body: { error: 'Unknown app' }, operationId: 'executeStatelessAction', requestId: 'req-1' });
    expect(JSON.stringify(error) + String((error as Error).stack)).not.toContain('secret-key');
    expect(requests[0]?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ instructions: 'x', app: 'nope', action: 'b' });
  });

  test('a GET is retried on 503 and 429 (Retry-After honoured), then succeeds', async () => {
    answer('GET /v1/zap-templates', { status: 503, body: { errors: ['busy'] } }, { status: 429, body: { errors: ['slow down'] }, headers: { 'retry-after': '0' } }, { status: 200, body: [] });
    const waits: number[] = [];
    const client = createPartnerClient({ baseUrl, clientId: 'c', retry: { maxRetries: 2, sleep: async (ms) => void waits.push(ms), random: () => 0.5 } });
    await expect(client.listZapTemplates()).resolves.toEqual([]);
    expect(requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBe(0);
  });

  test('a POST is not retried unless the caller opts in', async () => {
    answer('POST /api/v2/guess-actions/', { status: 503, body: { error: 'down' } }, { status: 503, body: { error: 'down' } }, { status: 200, body: [] });
    const client = createActionsClient({ baseUrl, apiKey: 'k', retry: noWait });
    await expect(client.guessActions({ body: { query: 'send a message' } })).rejects.toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(1);
    await expect(client.guessActions({ body: { query: 'send a message' } }, { retry: { retryNonIdempotent: true } })).resolves.toEqual([]);
    expect(requests).toHaveLength(3);
  });

  test('a per-request timeout is a TimeoutError', async () => {
    answer('GET /api/v2/health/', { status: 200, body: {}, delayMs: 2_000 });
    const client = createActionsClient({ baseUrl, apiKey: 'k', retry: { maxRetries: 0 } });
    await expect(client.checkHealth(undefined, { timeoutMs: 50 })).rejects.toBeInstanceOf(TimeoutError);
  });

  test('response validation: warn reports and returns the data; strict throws', async () => {
    const broken = { results: [{ ...app, name: 42 }] };
    answer('GET /api/v2/apps/search/', { status: 200, body: broken });
    const reports: unknown[] = [];
    const warned = createActionsClient({ baseUrl, apiKey: 'k', onValidationWarning: (report) => reports.push(report) });
    await expect(warned.searchApps()).resolves.toEqual(broken);
    expect(reports).toHaveLength(1);

    const strict = createActionsClient({ baseUrl, apiKey: 'k', validation: { response: 'strict' } });
    await expect(strict.searchApps()).rejects.toBeInstanceOf(ResponseValidationError);
  });

  test('a server adding fields never breaks a strict client', async () => {
    const extended = { results: [{ ...app, brand_new_field: { nested: true } }], next_cursor: 'x' };
    answer('GET /api/v2/apps/search/', { status: 200, body: extended });
    const strict = createActionsClient({ baseUrl, apiKey: 'k', validation: { response: 'strict' } });
    await expect(strict.searchApps()).resolves.toEqual(extended);
  });
});

describe('pagination and polling', () => {
  test('limit/offset pagination over /v1/zap-templates stops at maxItems', async () => {
    const template = (id: number) => ({ id, type: 'guided_zap' });
    answer('GET /v1/zap-templates', { status: 200, body: [template(1), template(2)] }, { status: 200, body: [template(3), template(4)] }, { status: 200, body: [] });
    const client = createPartnerClient({ baseUrl, clientId: 'c' });
    const ids: unknown[] = [];
    for await (const item of client.paginate.listZapTemplates({ query: { limit: 2 } }, { maxItems: 3 })) ids.push(item.id);
    expect(ids).toEqual([1, 2, 3]);
    expect(requests.map((request) => request.query.get('offset') ?? '0')).toEqual(['0', '2']);
  });

  test('prefill choices are polled while is_loading, force_refresh on the first call only', async () => {
    const loading = { status: 200, body: { is_loading: true, last_refresh_seconds_ago: null, results: [] } };
    const done = { status: 200, body: { is_loading: false, last_refresh_seconds_ago: 0, results: [{ key: 'C1', label: 'general', sample: 'C1' }] } };
    answer('POST /api/v2/apps/slack/choices/channel/', loading, loading, done);
    const client = createActionsClient({ baseUrl, apiKey: 'k', retry: noWait });
    const result = await client.poll.getPrefillChoices({ path: { app: 'slack', prefill: 'channel' }, query: { force_refresh: true } }, { intervalMs: 1 });
    expect(result.results).toHaveLength(1);
    expect(requests.map((request) => request.query.get('force_refresh'))).toEqual(['true', null, null]);
  });
});

describe('OAuth authorization code with PKCE (actions-v2)', () => {
  test('authorize URL, login link with redirect_to, and the form-encoded code exchange', async () => {
    const redirectUri = 'https://app.example.com/callback';
    const start = await startAuthorizationCode({
      authorizationUrl: oauthFlows.AccessPointOAuth.authorizationCode.authorizationUrl,
      clientId: 'client-1',
      redirectUri,
      scopes: Object.keys(oauthFlows.AccessPointOAuth.authorizationCode.scopes),
    });
    const authorize = new URL(start.authorizeUrl);
    expect(authorize.origin + authorize.pathname).toBe('https://actions.zapier.com/oauth/authorize/');
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: 'client-1',
      scope: 'openid nla:exposed_actions:execute',
      response_type: 'code',
      redirect_uri: redirectUri,
      code_challenge: start.codeChallenge,
      code_challenge_method: 'S256',
    });
    expect(start.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);

    answer('GET /api/v2/auth/login-link/', { status: 200, body: { login_link: 'https://actions.zapier.com/login/abc' } });
    const link = await createActionsClient({ baseUrl, apiKey: 'k' }).getLoginLink({
      query: { sign_up_first_name: 'Ada', sign_up_last_name: 'Lovelace', sign_up_email: 'ada@example.com', redirect_to: start.authorizeUrl },
    });
    expect(link.login_link).toBe('https://actions.zapier.com/login/abc');
    expect(requests[0]?.query.get('redirect_to')).toBe(start.authorizeUrl);

    answer('POST /oauth/token/', { status: 200, body: { access_token: 'at-1', token_type: 'Bearer', expires_in: 3600, scope: 'openid nla:exposed_actions:execute' } });
    const token = await exchangeAuthorizationCode({ tokenUrl: `${baseUrl}/oauth/token/`, clientId: 'client-1', code: 'code-1', codeVerifier: start.codeVerifier, redirectUri });
    expect(token).toMatchObject({ accessToken: 'at-1', tokenType: 'Bearer', expiresIn: 3600, scopes: ['openid', 'nla:exposed_actions:execute'] });
    const exchange = requests[1]!;
    expect(exchange.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(exchange.body))).toEqual({
      client_id: 'client-1',
      grant_type: 'authorization_code',
      code_verifier: start.codeVerifier,
      redirect_uri: redirectUri,
      code: 'code-1',
    });
  });
});
