/**
 * In headless Chromium, the runtime as plain ES modules: a server-sent event stream rendered as
 * it arrives (the first event is on the page while the server still holds the second back), a
 * file chosen in an `<input type=file>` uploaded as multipart to the runtime's mock (another
 * origin), and Standard Webhooks signatures signed and verified on the browser's WebCrypto.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationDefinition } from '../../src/definition.js';
import { createMock, type Mock } from '../../src/mock/index.js';
import {
  BROWSER_DEPENDENCIES,
  browserDependencyImports,
  packageRoot,
} from '../support/module-imports.js';

const CHROMIUM = '/usr/bin/chromium';
const runtimeRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = resolve(runtimeRoot, '../..');

const page = `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <script type="importmap">${JSON.stringify({ imports: browserDependencyImports('/modules') })}</script>
    <script type="module">
      import { createRuntime } from '/dist/index.js';
      import * as webhooks from '/dist/webhooks/index.js';
      const follow = {
        operationId: 'follow', method: 'get', path: '/events', parameters: [], security: [],
        responses: [{ status: '200', mediaTypes: ['text/event-stream'], stream: {} }],
      };
      const runtime = createRuntime({ name: 'browser', servers: [], securitySchemes: {} }, { baseUrl: location.origin });
      window.follow = async () => {
        const list = document.getElementById('events');
        for await (const event of await runtime.call(follow)) {
          const item = document.createElement('li');
          item.textContent = event.id + ':' + event.data.text;
          list.append(item);
        }
        window.ended = true;
      };
      const upload = {
        operationId: 'upload', method: 'post', path: '/uploads', parameters: [], security: [],
        requestBody: { required: true, mediaTypes: ['multipart/form-data'], encoding: { file: { contentType: 'text/csv' } } },
        responses: [{ status: '200', mediaTypes: ['application/json'] }],
      };
      window.upload = (mockUrl) => {
        const client = createRuntime({ name: 'browser', servers: [], securitySchemes: {} }, { baseUrl: mockUrl });
        const [file] = document.getElementById('file').files;
        return client.call(upload, { body: { note: 'from the page', file } });
      };
      window.webhooks = webhooks;
      window.ready = true;
    </script>
  </head>
  <body><ul id="events"></ul><input type="file" id="file" /></body>
</html>`;

function serveFile(response: ServerResponse, root: string, relative: string) {
  const path = normalize(join(root, relative));
  if (!path.startsWith(root) || !existsSync(path)) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
  response.end(readFileSync(path));
}

describe('streams and webhooks in headless Chromium', () => {
  let browser: Browser;
  let server: Server;
  let url = '';
  let release: () => void = () => {};

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', runtimeRoot],
      { stdio: 'inherit' },
    );
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://app.invalid').pathname;
      if (path === '/app.html')
        return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      if (path === '/events') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('id: 1\ndata: {"text":"first"}\n\n');
        // The second event waits for the test, which first sees the first one rendered.
        release = () => response.end('id: 2\ndata: {"text":"second"}\n\n');
        return;
      }
      if (path.startsWith('/dist/'))
        return serveFile(response, join(runtimeRoot, 'dist'), path.slice(6));
      for (const name of BROWSER_DEPENDENCIES)
        if (path.startsWith(`/modules/${name}/`))
          return serveFile(response, packageRoot(name), path.slice(`/modules/${name}/`.length));
      response.writeHead(404).end();
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    server?.close();
  });

  async function open(): Promise<Page> {
    const tab = await browser.newPage();
    await tab.goto(`${url}/app.html`);
    await tab.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    return tab;
  }

  it('renders a server-sent event stream as it arrives', async () => {
    const tab = await open();
    void tab.evaluate(() => (window as unknown as { follow(): Promise<void> }).follow());
    await tab.waitForSelector('#events li');
    // The first event is on the page while the stream is still open, before the second is sent.
    expect(await tab.locator('#events li').allTextContents()).toEqual(['1:first']);
    expect(
      await tab.evaluate(() => (window as unknown as { ended?: boolean }).ended),
    ).toBeUndefined();
    release();
    await tab.waitForFunction(() => (window as unknown as { ended?: boolean }).ended === true);
    expect(await tab.locator('#events li').allTextContents()).toEqual(['1:first', '2:second']);
    await tab.close();
  });

  it('uploads a file chosen in an <input type=file> to the mock, as multipart', async () => {
    const upload: OperationDefinition = {
      operationId: 'upload',
      method: 'post',
      path: '/uploads',
      parameters: [],
      security: [],
      requestBody: { required: true, mediaTypes: ['multipart/form-data'] },
      responses: [{ status: '200', mediaTypes: ['application/json'] }],
    };
    const received: unknown[] = [];
    const mock: Mock = createMock({
      api: { name: 'browser', servers: [], securitySchemes: {} },
      operations: { upload },
      fixtures: { upload: { responses: { '200': {} } } },
      handlers: {
        upload: async ({ body }) => {
          const { note, file } = body as { note: string; file: File };
          received.push({ note, name: file.name, type: file.type, text: await file.text() });
          return { status: 200, body: { size: file.size } };
        },
      },
    });
    const mockUrl = await mock.listen();
    try {
      const tab = await open();
      await tab.setInputFiles('#file', {
        name: 'report.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('a,b\n1,2\n'),
      });
      const answer = await tab.evaluate(
        (base) => (window as unknown as { upload(url: string): Promise<unknown> }).upload(base),
        mockUrl,
      );
      expect(answer).toEqual({ size: 8 });
      expect(received).toEqual([
        { note: 'from the page', name: 'report.csv', type: 'text/csv', text: 'a,b\n1,2\n' },
      ]);
      await tab.close();
    } finally {
      await mock.close();
    }
  });

  it('signs and verifies Standard Webhooks signatures on WebCrypto', async () => {
    const tab = await open();
    const outcome = await tab.evaluate(async () => {
      const { generateWebhookSecret, signWebhook, verifyWebhookSignature } = (
        window as unknown as { webhooks: typeof import('../../src/webhooks/index.js') }
      ).webhooks;
      const secret = generateWebhookSecret();
      const timestamp = Math.floor(Date.now() / 1000);
      const body = new TextEncoder().encode('{"type":"ping"}');
      const signature = await signWebhook(secret, { id: 'msg_1', timestamp, body });
      const headers: Record<string, string> = {
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature,
      };
      const input = (bytes: Uint8Array) => ({
        header: (name: string) => headers[name],
        body: bytes,
      });
      const verified = await verifyWebhookSignature(input(body), { secrets: [secret] });
      const altered = await verifyWebhookSignature(
        input(new TextEncoder().encode('{"type":"pong"}')),
        {
          secrets: [secret],
        },
      ).catch((error: { reason: string }) => error.reason);
      return { id: verified.id, altered };
    });
    expect(outcome).toEqual({ id: 'msg_1', altered: 'bad-signature' });
    await tab.close();
  });
});
