/**
 * The same mock behind MSW (msw 2, `http.all`): the generated clients keep their default server
 * URL, MSW intercepts `fetch` in the test process, and the mock's state and scopes behave as over
 * HTTP. msw 3 needs Node 22.12 or later; `mswHandlers` takes whichever `http` it is given.
 */
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createClient as createActionsClient } from '@zapgen/actions-v2';
import { createMock as createActionsMock, mswHandlers } from '@zapgen/actions-v2/mock';
import { createClient as createPartnerClient } from '@zapgen/partner-v1';
import { createMock as createPartnerMock } from '@zapgen/partner-v1/mock';

const actions = createActionsMock();
const partner = createPartnerMock();
const server = setupServer(
  ...mswHandlers({ mock: actions, http, baseUrls: ['https://actions.zapier.com'] }),
  ...mswHandlers({ mock: partner, http, baseUrls: ['https://api.zapier.com'] }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  actions.store.reset();
  partner.store.reset();
});

describe('the mock as MSW handlers', () => {
  test('state: an AI action created is read back and deleted once, at the real server URL', async () => {
    const client = createActionsClient({
      apiKey: 'mock-api-key',
      validation: { response: 'strict' },
    });
    const created = await client.createAiAction({ body: { app: 'gmail', action: 'send_email' } });
    expect(await client.getAiAction({ path: { ai_action_id: created.id! } })).toEqual(created);
    expect(actions.store.records('ai-actions').map((action) => action.id)).toContain(created.id);
    expect(await client.deleteAiAction({ path: { ai_action_id: created.id! } })).toBe(true);
    expect(await client.deleteAiAction({ path: { ai_action_id: created.id! } })).toBe(false);
  });

  test('scopes: 403 without the operation scope, 200 with it', async () => {
    const withZap = createPartnerClient({
      clientId: 'mock-client-id',
      accessToken: partner.issueToken({ scopes: ['zap'] }),
    });
    expect((await withZap.listZaps()).count).toBe(9);
    await expect(withZap.listMyZapTemplates()).rejects.toMatchObject({ status: 403 });
    await expect(createPartnerClient({ clientId: 'unknown' }).listApps()).rejects.toMatchObject({
      status: 401,
    });
  });

  test('pagination links carry the intercepted origin', async () => {
    const page = await createPartnerClient({ clientId: 'mock-client-id' }).listApps({
      query: { per_page: 10 },
    });
    expect(page.next_url).toBe('https://api.zapier.com/v1/apps?per_page=10&page=2');
  });
});
