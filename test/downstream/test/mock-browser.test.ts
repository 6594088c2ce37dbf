/**
 * Both OAuth flows in headless Chromium against the running mocks: a page on loopback uses the
 * generated packages and the runtime's helpers, completes the PKCE redirect flow (through the
 * login link's sign-in page and the consent page) and the implicit popup flow, then makes
 * authenticated calls. Screenshots of every open page are saved under test-results/ on failure.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createMock as createActionsMock } from '@zapgen/actions-v2/mock';
import { createMock as createPartnerMock } from '@zapgen/partner-v1/mock';
import {
  implicitCallbackPage,
  implicitPage,
  pkceCallbackPage,
  pkcePage,
} from './support/mock-pages.js';
import {
  BROWSER_DEPENDENCIES,
  packageRoot,
} from '../../../packages/runtime/test/support/module-imports.js';

const CHROMIUM = '/usr/bin/chromium';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Module folders served to the pages, by URL prefix. */
const modules: Record<string, string> = {
  runtime: join(root, 'packages/runtime/dist'),
  'actions-v2': join(root, 'packages/actions-v2/dist'),
  'partner-v1': join(root, 'packages/partner-v1/dist'),
  'openapi-fetch': join(root, 'node_modules/openapi-fetch/dist'),
  ...Object.fromEntries(BROWSER_DEPENDENCIES.map((name) => [name, packageRoot(name)])),
};
const pages: Record<string, string> = {
  '/pkce.html': pkcePage,
  '/pkce-callback.html': pkceCallbackPage,
  '/implicit.html': implicitPage,
  '/implicit-callback.html': implicitCallbackPage,
};

function startApp(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://app.invalid').pathname;
    const html = pages[path];
    if (html !== undefined)
      return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    const [, prefix, name, ...rest] = path.split('/');
    const folder = prefix === 'modules' && name !== undefined ? modules[name] : undefined;
    const file = folder === undefined ? undefined : normalize(join(folder, ...rest));
    if (
      folder === undefined ||
      file === undefined ||
      !file.startsWith(folder) ||
      !existsSync(file) ||
      !['.js', '.mjs'].includes(extname(file))
    ) {
      return response.writeHead(404).end('not found');
    }
    response
      .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
      .end(readFileSync(file));
  });
  return new Promise((ready) =>
    server.listen(0, '127.0.0.1', () =>
      ready({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('OAuth flows of the mocks in headless Chromium', () => {
  const actions = createActionsMock();
  const partner = createPartnerMock();
  let app: { server: Server; url: string };
  let actionsUrl = '';
  let partnerUrl = '';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // A missing browser fails the tests (never a silent skip): the README says how to install it.
    if (!existsSync(CHROMIUM))
      throw new Error(
        `${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); the tests drive it with playwright-core`,
      );
    app = await startApp();
    actionsUrl = await actions.listen();
    partnerUrl = await partner.listen();
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
    await actions.close();
    await partner.close();
    await new Promise((done) => app?.server.close(done));
  });

  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(async (testContext) => {
    if (testContext.task.result?.state === 'fail') {
      const folder = join(root, 'test-results', 'mock-browser');
      mkdirSync(folder, { recursive: true });
      const name = testContext.task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
      await Promise.all(
        context
          .pages()
          .map((open, index) =>
            open
              .screenshot({ path: join(folder, `${name}-${index}.png`), fullPage: true })
              .catch(() => {}),
          ),
      );
      console.error(`Screenshots of the failed test: ${folder}/${name}-*.png`);
    }
    await context?.close();
  });

  const result = (target: Page) =>
    target
      .waitForFunction(() => (window as unknown as { result?: unknown }).result)
      .then((handle) => handle.jsonValue());

  test('authorization code with PKCE: login link, sign-up page, consent, redirect, code exchange, authenticated calls', async () => {
    await page.goto(`${app.url}/pkce.html?mock=${encodeURIComponent(actionsUrl)}`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    await page.click('#signup');
    await page.waitForURL(`${actionsUrl}/__zapgen/login**`);
    expect(await page.textContent('#email')).toBe('ada@example.com');
    expect(await page.textContent('#continue')).toBe('Create account');
    await page.click('#continue');
    await page.waitForURL(`${actionsUrl}/oauth/authorize/**`);
    expect(await page.textContent('#user')).toBe('ada@example.com');
    expect(await page.textContent('#scopes')).toContain('nla:exposed_actions:execute');
    await page.click('#allow');
    await page.waitForURL(`${app.url}/pkce-callback.html?**`);
    expect(await result(page)).toEqual({
      scopes: ['openid', 'nla:exposed_actions:execute'],
      me: {
        success: true,
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        user_id: 2,
        is_staff: expect.any(Boolean),
      },
      stored: true,
    });
  });

  test('implicit grant in a popup: the token carries its scope; the user cancels the next time', async () => {
    await page.goto(`${app.url}/implicit.html?mock=${encodeURIComponent(partnerUrl)}`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.click('#signin')]);
    await popup.waitForSelector('#allow');
    expect(await popup.textContent('#client')).toBe('mock-client-id');
    await popup.click('#allow');
    expect(await result(page)).toMatchObject({
      token: { tokenType: 'Bearer', expiresIn: 36000, scopes: ['zap'] },
      zaps: [5001, 5005, 5009],
      templates: 403,
    });

    // Silent renewal in a hidden frame: the grant exists, so approval_prompt=auto needs no page.
    expect(
      await page.evaluate(() =>
        (window as unknown as { silent: () => Promise<{ zaps: number[] }> }).silent(),
      ),
    ).toMatchObject({ zaps: [5001, 5005, 5009] });

    await page.evaluate(() => delete (window as unknown as { result?: unknown }).result);
    const [again] = await Promise.all([context.waitForEvent('page'), page.click('#signin')]);
    await again.click('#deny');
    expect(await result(page)).toMatchObject({ error: 'AuthorizationCancelledError' });
  });
});
