/**
 * A React application on the generated TanStack Query options, in headless Chromium against
 * the packages' mocks on their own origins (src/react-app, bundled here with esbuild): a list, a
 * create that invalidates and refetches it, infinite scrolling over a paginated operation, an
 * error state, an OAuth sign-in in a popup, and an SWR hook; then a page on a package generated
 * here from test/fixtures/cursor-pagination/events.yaml that scrolls through a list paged by its
 * `Link` header (support/linked-app.tsx). Screenshots of every open page are saved under
 * test-results/react-app/ on failure.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createMock as createActionsMock } from '@zapgen/actions-v2/mock';
import { createMock as createPartnerMock } from '@zapgen/partner-v1/mock';
import { generate } from '../../../generator/src/pipeline.js';

const CHROMIUM = '/usr/bin/chromium';
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');

/** The application's two pages, bundled. */
async function bundle(): Promise<Record<string, string>> {
  const result = await build({
    entryPoints: {
      app: join(here, '../src/react-app/app.tsx'),
      callback: join(here, '../src/react-app/callback.ts'),
    },
    bundle: true,
    format: 'esm',
    write: false,
    outdir: '/',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const files = Object.fromEntries(
    result.outputFiles.map((file) => [file.path.replace(/^\//, ''), file.text]),
  );
  const page = (script: string, body: string) =>
    `<!doctype html><html><head><meta charset="utf-8"></head><body>${body}<script type="module">${script}</script></body></html>`;
  // The Link-header page imports the package generated from the fixture as `@zapgen/events`.
  const linked = await build({
    entryPoints: [join(here, 'support/linked-app.tsx')],
    alias: { '@zapgen/events': join(events, 'src') },
    bundle: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return {
    '/': page(files['app.js']!, '<div id="root"></div>'),
    '/callback.html': page(files['callback.js']!, 'Signing you in…'),
    '/linked': page(linked.outputFiles[0]!.text, '<div id="root"></div>'),
  };
}

/** The package generated from the fixture with a Link-header list (in beforeAll). */
mkdirSync(join(root, '.tmp'), { recursive: true });
const events = mkdtempSync(join(root, '.tmp', 'react-app-events-'));

function serve(pages: Record<string, string>): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const html = pages[new URL(request.url ?? '/', 'http://app.invalid').pathname];
    if (html === undefined) return response.writeHead(404).end('not found');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  return new Promise((ready) =>
    server.listen(0, '127.0.0.1', () =>
      ready({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('a React application on the generated TanStack Query options, in Chromium', () => {
  const actions = createActionsMock();
  const partner = createPartnerMock();
  let app: { server: Server; url: string };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const requests: string[] = [];
  let eventsMock: typeof actions | undefined;
  let eventsUrl: string;

  beforeAll(async () => {
    // A missing browser fails the tests (never a silent skip): the README says how to install it.
    if (!existsSync(CHROMIUM))
      throw new Error(
        `${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); the tests drive it with playwright-core`,
      );
    await generate({
      spec: join(root, 'test/fixtures/cursor-pagination/events.yaml'),
      out: events,
      specLabel: 'events.yaml',
    });
    const { createMock: createEventsMock } = (await import(join(events, 'src/mock.ts'))) as {
      createMock(): typeof actions;
    };
    eventsMock = createEventsMock();
    eventsUrl = await eventsMock.listen();
    const [pages, actionsUrl, partnerUrl] = await Promise.all([
      bundle(),
      actions.listen(),
      partner.listen(),
    ]);
    app = await serve(pages);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    context = await browser.newContext();
    page = await context.newPage();
    page.on('request', (request) => {
      if (request.method() !== 'OPTIONS') requests.push(`${request.method()} ${request.url()}`);
    });
    await page.goto(
      `${app.url}/?actions=${encodeURIComponent(actionsUrl)}&partner=${encodeURIComponent(partnerUrl)}`,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await actions.close();
    await partner.close();
    await eventsMock?.close();
    rmSync(events, { recursive: true, force: true });
    await new Promise((done) => app?.server.close(done));
  });
  afterEach(async (testContext) => {
    if (testContext.task.result?.state !== 'fail') return;
    const folder = join(root, 'test-results', 'react-app');
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
  });

  const items = (selector: string) => page.locator(`${selector} > li`).count();

  test('a list, then a create: the mutation invalidates the resource and the list is fetched again', async () => {
    await page.waitForSelector('#ai-actions[data-fetching="false"]');
    const before = await items('#ai-actions');
    const listRequests = () => requests.filter((line) => /GET .*\/ai-actions\/$/.test(line)).length;
    expect(listRequests()).toBe(1);
    await page.click('#create');
    await expect.poll(() => items('#ai-actions')).toBe(before + 1);
    expect(await page.textContent('#ai-actions > li:last-child')).toBe(
      'slack: send_channel_message',
    );
    expect(listRequests()).toBe(2);
    expect(requests.some((line) => /^POST .*\/ai-actions\/$/.test(line))).toBe(true);
  });

  test('an error state: a query that fails holds the typed error', async () => {
    await page.waitForSelector('#missing[role="alert"]');
    expect(await page.textContent('#missing')).toBe('Not found (404)');
  });

  test('infinite scrolling: scrolling to the end of the list loads the next page', async () => {
    await expect.poll(() => items('#apps')).toBe(21);
    await page.locator('#more').scrollIntoViewIfNeeded();
    await expect.poll(() => items('#apps')).toBe(41);
    await page.locator('#more').scrollIntoViewIfNeeded();
    await expect.poll(() => items('#apps')).toBe(61);
    const pages = requests
      .filter((line) => line.includes('/v1/apps?'))
      .map((line) => new URL(line.split(' ')[1]!).searchParams.get('page'));
    expect(pages).toEqual(['1', '2', '3']);
  });

  test('an SWR hook of the same package', async () => {
    await expect.poll(() => items('#templates')).toBe(2);
  });

  test('OAuth sign-in in a popup, then a query that needs the token', async () => {
    const [popup] = await Promise.all([context.waitForEvent('page'), page.click('#signin')]);
    await popup.waitForSelector('#allow');
    await popup.click('#allow');
    await expect.poll(() => items('#zaps')).toBe(3);
    const zaps = requests.filter((line) => line.includes('/v1/zaps?'));
    expect(zaps).toHaveLength(1);
  });

  test('infinite scrolling over a list paged by its Link header, read across origins', async () => {
    const linked = await context.newPage();
    const sent: string[] = [];
    linked.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('/events/by-link'))
        sent.push(new URL(request.url()).search);
    });
    await linked.goto(`${app.url}/linked?events=${encodeURIComponent(eventsUrl)}`);
    const count = (selector: string) => linked.locator(`${selector} > li`).count();
    // Three events a page, then the sentinel; scrolling to it loads the page the Link names.
    await expect.poll(() => count('#events')).toBe(4);
    await linked.locator('#events-more').scrollIntoViewIfNeeded();
    await expect.poll(() => count('#events')).toBe(7);
    await linked.locator('#events-more').scrollIntoViewIfNeeded();
    await expect.poll(() => count('#events')).toBe(8);
    await expect.poll(() => linked.textContent('#events-more')).toBe('End');
    expect(await linked.textContent('#events > li:nth-child(7)')).toBe('evt_7');
    // The SWR hook pages by the same header.
    await expect.poll(() => count('#swr-events')).toBe(3);
    await linked.click('#swr-more');
    await expect.poll(() => count('#swr-events')).toBe(6);
    await linked.click('#swr-more');
    await expect.poll(() => count('#swr-events')).toBe(7);
    await expect.poll(() => linked.textContent('#swr-more')).toBe('End');
    // Each list: the first page without a cursor, then the two cursors the Link headers gave.
    const pages = [...new Set(sent)];
    expect(pages).toHaveLength(3);
    expect(pages[0]).toBe('?limit=3');
    expect(pages.slice(1).every((query) => /^\?limit=3&page_token=\w+$/.test(query))).toBe(true);
    await linked.close();
  });
});
