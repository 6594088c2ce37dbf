import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../support/server.js';
import { BROWSER_DEPENDENCIES, packageRoot } from '../support/module-imports.js';
import type { RecordedRequest, Reply, TestServer } from '../support/server.js';
import { appPage, callbackPage, consentPage } from './pages.js';

const CHROMIUM = '/usr/bin/chromium';
const runtimeRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = resolve(runtimeRoot, '../..');
const available = existsSync(CHROMIUM);
if (!available && !process.env.CI) {
  console.warn(
    `Skipping the browser tests: ${CHROMIUM} is missing (install Debian's chromium; under CI they must run).`,
  );
}

/** Serves a file under `root`, never outside it. */
function file(root: string, relative: string): Reply {
  const path = normalize(join(root, relative));
  if (!path.startsWith(root) || !existsSync(path)) return { status: 404, body: 'not found' };
  return {
    headers: { 'content-type': 'text/javascript; charset=utf-8' },
    body: readFileSync(path, 'utf8'),
  };
}

const html = (body: string): Reply => ({
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body,
});
const redirect = (location: string): Reply => ({ status: 302, headers: { location } });

describe.skipIf(!available && !process.env.CI)('browser helpers in headless Chromium', () => {
  let browser: Browser;
  let app: TestServer;
  let auth: TestServer;
  let context: BrowserContext;
  let page: Page;
  const authorizeRequests: URLSearchParams[] = [];

  /** The stand-in authorize endpoint (other origin): behaviour chosen by `client_id`. */
  function authorize(request: RecordedRequest): Reply {
    if (request.path !== '/oauth/authorize') return { status: 404, body: 'not found' };
    const query = new URLSearchParams(request.query);
    authorizeRequests.push(query);
    const back = query.get('redirect_uri')!;
    const state = query.get('state')!;
    const tokenUrl = (token: string, withState = state) =>
      `${back}#access_token=${token}&token_type=Bearer&expires_in=36000&scope=zap&state=${withState}`;
    switch (query.get('client_id')) {
      case 'deny':
        return redirect(`${back}?error=access_denied`);
      case 'wrong-state':
        return redirect(tokenUrl('tok-popup', 'forged-state'));
      case 'forge':
        return html(
          consentPage({ approveUrl: tokenUrl('tok-popup'), forge: tokenUrl('tok-evil') }),
        );
      case 'needs-consent':
        return html(consentPage({ approveUrl: tokenUrl('tok-popup') }));
      default:
        return query.get('approval_prompt') === 'auto'
          ? redirect(tokenUrl('tok-silent'))
          : html(consentPage({ approveUrl: tokenUrl('tok-popup') }));
    }
  }

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', runtimeRoot],
      { stdio: 'inherit' },
    );
    app = await startServer((request) => {
      if (request.path.startsWith('/dist/'))
        return file(join(runtimeRoot, 'dist'), request.path.slice('/dist/'.length));
      for (const name of BROWSER_DEPENDENCIES)
        if (request.path.startsWith(`/modules/${name}/`))
          return file(packageRoot(name), request.path.slice(`/modules/${name}/`.length));
      if (request.path === '/app.html') return html(appPage);
      if (request.path === '/callback.html') return html(callbackPage);
      if (request.path === '/api/moved') return redirect(`${auth.url}/collect?from=app`);
      if (request.path === '/api/zaps') {
        return request.headers.authorization === 'Bearer tok-silent'
          ? { body: { objects: [{ id: 1 }] } }
          : { status: 401, body: { errors: ['invalid token'] } };
      }
      return { status: 404, body: 'not found' };
    });
    auth = await startServer(authorize);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await auth?.close();
  });

  beforeEach(async () => {
    authorizeRequests.length = 0;
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${app.url}/app.html`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  });

  afterEach(async () => {
    await context.close();
  });

  /** Clicks "Sign in" with these popup options and returns the popup page. */
  async function signIn(clientId: string): Promise<Page> {
    const options = {
      authorizationUrl: `${auth.url}/oauth/authorize`,
      clientId,
      redirectUri: `${app.url}/callback.html`,
      scopes: ['zap', 'templates'],
      closedCheckMs: 50,
    };
    await page.evaluate((value) => Object.assign(window, { popupOptions: value }), options);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.click('#signin')]);
    return popup;
  }

  const result = () =>
    page.evaluate(() => (window as unknown as { result: Promise<unknown> }).result);

  it('signs in with a popup: the redirect page posts the token to its opener', async () => {
    const popup = await signIn('ok');
    await popup.click('#allow');
    expect(await result()).toEqual({
      token: { accessToken: 'tok-popup', tokenType: 'Bearer', expiresIn: 36000, scopes: ['zap'] },
    });
    const query = authorizeRequests[0]!;
    expect(Object.fromEntries(query)).toMatchObject({
      client_id: 'ok',
      redirect_uri: `${app.url}/callback.html`,
      response_type: 'token',
      scope: 'zap templates',
    });
    expect(query.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await expect.poll(() => popup.isClosed()).toBe(true);
  });

  it('ignores a token posted from another origin', async () => {
    const popup = await signIn('forge');
    await popup.click('#allow');
    expect(await result()).toMatchObject({ token: { accessToken: 'tok-popup' } });
  });

  it('turns error=access_denied into a cancellation', async () => {
    await signIn('deny');
    expect(await result()).toMatchObject({ error: 'AuthorizationCancelledError' });
  });

  it('rejects a redirect whose state is not the one sent', async () => {
    await signIn('wrong-state');
    expect(await result()).toMatchObject({ error: 'StateMismatchError' });
  });

  it('treats a popup closed by the user as a cancellation', async () => {
    const popup = await signIn('ok');
    await popup.close();
    expect(await result()).toMatchObject({
      error: 'AuthorizationCancelledError',
      message: expect.stringContaining('popup was closed'),
    });
  });

  it('re-authorizes silently in a hidden frame after a 401 and repeats the call', async () => {
    const outcome = await page.evaluate(
      async ({ authorizationUrl, redirectUri, baseUrl }) => {
        const { browserAuth, zapgen } = window as unknown as { browserAuth: any; zapgen: any };
        const source = browserAuth.createImplicitTokenSource({
          authorizationUrl,
          clientId: 'ok',
          redirectUri,
          scopes: ['zap'],
        });
        const api = {
          name: 'partner',
          servers: [],
          securitySchemes: {
            PartnerOAuth: {
              type: 'oauth2',
              flows: { implicit: { authorizationUrl, scopes: { zap: '' } } },
            },
          },
        };
        const listZaps = {
          operationId: 'listZaps',
          method: 'get',
          path: '/zaps',
          parameters: [],
          responses: [],
          security: [[{ scheme: 'PartnerOAuth', scopes: ['zap'] }]],
        };
        const runtime = zapgen.createRuntime(api, {
          baseUrl,
          getAccessToken: () => source.getAccessToken() ?? 'stale',
          reauthorize: source.reauthorize,
        });
        const body = await runtime.call(listZaps);
        return {
          body,
          token: source.getAccessToken(),
          frames: document.querySelectorAll('iframe').length,
        };
      },
      {
        authorizationUrl: `${auth.url}/oauth/authorize`,
        redirectUri: `${app.url}/callback.html`,
        baseUrl: `${app.url}/api`,
      },
    );
    expect(outcome).toEqual({ body: { objects: [{ id: 1 }] }, token: 'tok-silent', frames: 0 });
    expect(authorizeRequests[0]?.get('approval_prompt')).toBe('auto');
    expect(
      app.requests
        .filter((request) => request.path === '/api/zaps')
        .slice(-2)
        .map((request) => request.headers.authorization),
    ).toEqual(['Bearer stale', 'Bearer tok-silent']);
  });

  it('refuses to follow a redirect it cannot inspect: the key never reaches the other origin', async () => {
    const outcome = await page.evaluate(async (baseUrl) => {
      const { zapgen } = window as unknown as { zapgen: any };
      const api = {
        name: 'partner',
        servers: [],
        securitySchemes: {
          Key: { type: 'apiKey', in: 'header', name: 'x-api-key', option: 'apiKey' },
        },
      };
      const moved = {
        operationId: 'moved',
        method: 'get',
        path: '/moved',
        parameters: [],
        responses: [],
        security: [[{ scheme: 'Key', scopes: [] }]],
      };
      const runtime = zapgen.createRuntime(api, {
        baseUrl,
        apiKey: 'sk-browser-key',
        retry: { maxRetries: 0 },
      });
      return runtime.call(moved).then(
        () => 'resolved',
        (error: { name: string; reason: string }) => `${error.name} ${error.reason}`,
      );
    }, `${app.url}/api`);
    expect(outcome).toBe('RedirectError hidden-location');
    expect(app.requests.some((request) => request.path === '/api/moved')).toBe(true);
    expect(auth.requests.filter((request) => request.path === '/collect')).toHaveLength(0);
  });

  it('gives up a silent re-authorization that needs the user, with a TimeoutError', async () => {
    const outcome = await page.evaluate(
      async ({ authorizationUrl, redirectUri }) => {
        const { browserAuth } = window as unknown as { browserAuth: any };
        return browserAuth
          .authorizeSilently({
            authorizationUrl,
            clientId: 'needs-consent',
            redirectUri,
            timeoutMs: 300,
          })
          .then(
            () => 'resolved',
            (error: Error) => error.name,
          );
      },
      { authorizationUrl: `${auth.url}/oauth/authorize`, redirectUri: `${app.url}/callback.html` },
    );
    expect(outcome).toBe('TimeoutError');
    expect(await page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0);
  });
});
