/**
 * Webhooks and callbacks of a generated package, end to end over real HTTP: the small spec
 * `test/fixtures/generality/webhooks-signed-dispatch-and-callbacks.yaml` (webhooks named by a
 * constant `type`, signed by `x-zapgen-webhook-signature` or a `webhook-signature` header
 * parameter, one unsigned, a 3.0 callback) is generated; its mock's `sendWebhook` delivers signed
 * webhooks to a loopback Node server running the package's `createWebhookNodeHandler`.
 */
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from '../../generator/src/pipeline.js';
import { typecheck, type TscResult } from '../support/contract-helpers.js';

type Handlers = Record<string, (payload: any, event: any) => unknown>;
interface Webhooks {
  createWebhookNodeHandler(
    handlers: Handlers,
    options: Record<string, unknown>,
  ): (request: unknown, response: unknown) => Promise<void>;
  parseWebhook(
    input: unknown,
    options?: Record<string, unknown>,
  ): Promise<{ name: string; payload: unknown }>;
  generateWebhookSecret(): string;
}
interface Mock {
  sendWebhook(name: string, options: Record<string, unknown>): Promise<Response>;
}

/** A strict consumer: handlers typed per webhook, the event narrowed by name, misuse refused. */
const CONSUMER = `import { createWebhooks, handleWebhook, parseWebhook, sendWebhook, type Webhook } from './webhooks.js';
const webhooks = createWebhooks({ secret: ['whsec_AAAA', 'whsec_BBBB'], toleranceSeconds: 60 });
export async function receive(request: Request): Promise<number> {
  const total = await webhooks.handle(request, {
    orderCreated: (payload) => payload.order.total + 1,
    orderShipped: (payload, event) => payload.carrier.length + (event.id?.length ?? 0),
    ping: (payload) => payload.type.length,
    'subscribe.onProgress': (payload) => payload.percent,
  });
  // @ts-expect-error: no such webhook
  await webhooks.handle(request, { orderLost: () => 0 });
  return total satisfies number;
}
export async function narrow(request: Request): Promise<string> {
  const event: Webhook = await parseWebhook(request, { secret: 'whsec_AAAA', name: 'orderShipped' });
  if (event.name === 'orderCreated') return event.payload.order.id;
  // @ts-expect-error: a ping has no order
  if (event.name === 'ping') return event.payload.order.id;
  return event.name;
}
export async function send(url: string) {
  await sendWebhook('orderShipped', { url, secret: 'whsec_AAAA', payload: { type: 'order.shipped', orderId: 'o', carrier: 'ups' } });
  // @ts-expect-error: the payload of orderShipped needs its orderId
  await sendWebhook('orderShipped', { url, payload: { type: 'order.shipped' } });
  await handleWebhook({ headers: {}, body: '{}' }, { ping: () => undefined });
}
`;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC = join(root, 'test/fixtures/generality/webhooks-signed-dispatch-and-callbacks.yaml');
mkdirSync(join(root, '.tmp'), { recursive: true });
const out = mkdtempSync(join(root, '.tmp', 'webhooks-'));
let webhooks: Webhooks;
let mock: Mock;
let compiled: TscResult;
const servers: { close(): void; closeAllConnections(): void }[] = [];

/** A loopback receiver of the package's webhooks; what reached a handler and what was refused. */
async function receiver(options: Record<string, unknown>) {
  const received: { name: string; payload: unknown }[] = [];
  const errors: { name: string; reason: string; webhook?: string }[] = [];
  const record = (name: string) => (payload: unknown) => void received.push({ name, payload });
  const handle = webhooks.createWebhookNodeHandler(
    {
      orderCreated: record('orderCreated'),
      orderShipped: record('orderShipped'),
      ping: record('ping'),
      'subscribe.onProgress': record('subscribe.onProgress'),
    },
    { ...options, onError: (error: never) => errors.push(error) },
  );
  const server = createServer((request, response) => void handle(request, response));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, errors };
}

beforeAll(async () => {
  await generate({ spec: SPEC, out });
  writeFileSync(join(out, 'src/consumer.ts'), CONSUMER);
  compiled = await typecheck({ dir: out });
  webhooks = (await import(join(out, 'src/webhooks.ts'))) as Webhooks;
  mock = (await import(join(out, 'src/mock.ts'))) as Mock;
});
afterAll(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
  rmSync(out, { recursive: true, force: true });
});

describe('a generated package receives its webhooks', () => {
  test('a strict consumer compiles: handlers typed per webhook, events narrowed by name', () => {
    expect(compiled.diagnostics).toBe('');
    expect(compiled.ok).toBe(true);
    const manifest = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    expect(manifest.exports['./webhooks']).toEqual({
      types: './dist/webhooks.d.ts',
      default: './dist/webhooks.js',
    });
  });

  test('the mock sends signed webhooks; each reaches its handler, validated, by its type or its schema', async () => {
    const secret = webhooks.generateWebhookSecret();
    const { url, received, errors } = await receiver({ secret });
    const responses = await Promise.all([
      // The spec's example payload.
      mock.sendWebhook('orderCreated', { url, secret }),
      mock.sendWebhook('orderShipped', {
        url,
        secret,
        payload: { type: 'order.shipped', orderId: 'o-2' },
      }),
      mock.sendWebhook('ping', { url, secret, payload: { type: 'ping' } }),
      // A callback: no constant property names it; its schema alone accepts the payload.
      mock.sendWebhook('subscribe.onProgress', { url, secret, payload: { percent: 40 } }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([204, 204, 204, 204]);
    expect(errors).toEqual([]);
    expect(received.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      {
        name: 'orderCreated',
        payload: { type: 'order.created', order: { id: 'o-1', total: 12.5 } },
      },
      { name: 'orderShipped', payload: { type: 'order.shipped', orderId: 'o-2', carrier: 'post' } },
      { name: 'ping', payload: { type: 'ping' } },
      { name: 'subscribe.onProgress', payload: { percent: 40 } },
    ]);
  });

  test('refuses a bad secret, an old timestamp (by each webhook’s declared tolerance) and an altered body', async () => {
    const secret = webhooks.generateWebhookSecret();
    const { url, received, errors } = await receiver({ secret });
    const payload = { type: 'order.shipped', orderId: 'o-3' };
    const now = Math.floor(Date.now() / 1000);
    const statuses = [
      (
        await mock.sendWebhook('orderShipped', {
          url,
          secret: webhooks.generateWebhookSecret(),
          payload,
        })
      ).status,
      // orderShipped keeps the default 300 s; orderCreated declares 600 s.
      (await mock.sendWebhook('orderShipped', { url, secret, payload, timestamp: now - 400 }))
        .status,
      (await mock.sendWebhook('orderCreated', { url, secret, timestamp: now - 400 })).status,
      (await mock.sendWebhook('orderCreated', { url, secret, timestamp: now - 700 })).status,
    ];
    // Altered on the way: signed for one body, another one sent.
    const altering = (async (target: string, init: RequestInit) =>
      fetch(target, {
        ...init,
        body: JSON.stringify({ ...payload, orderId: 'o-4' }),
      })) as typeof fetch;
    statuses.push(
      (await mock.sendWebhook('orderShipped', { url, secret, payload, fetch: altering })).status,
    );
    expect(statuses).toEqual([401, 401, 204, 401, 401]);
    expect(errors.map(({ name, reason, webhook }) => [name, reason, webhook])).toEqual([
      ['WebhookSignatureError', 'bad-signature', undefined],
      ['WebhookSignatureError', 'timestamp-too-old', 'orderShipped'],
      // Beyond every webhook's tolerance: refused before the payload is read.
      ['WebhookSignatureError', 'timestamp-too-old', undefined],
      ['WebhookSignatureError', 'bad-signature', undefined],
    ]);
    expect(received.map(({ name }) => name)).toEqual(['orderCreated']);
  });

  test('refuses an unknown webhook and an invalid payload with 400; a signed one without a secret with 401', async () => {
    const secret = webhooks.generateWebhookSecret();
    const { url, received, errors } = await receiver({ secret });
    const unknown = await mock.sendWebhook('ping', {
      url,
      secret,
      payload: { type: 'order.lost' } as never,
    });
    const invalid = await mock.sendWebhook('orderShipped', {
      url,
      secret,
      payload: { type: 'order.shipped', orderId: 7 } as never,
    });
    expect([unknown.status, invalid.status]).toEqual([400, 400]);
    expect(await unknown.json()).toMatchObject({ error: 'unknown-webhook' });
    expect(await invalid.json()).toMatchObject({ error: 'invalid-payload' });
    expect(errors.map(({ reason, webhook }) => [reason, webhook])).toEqual([
      ['unknown-webhook', undefined],
      ['invalid-payload', 'orderShipped'],
    ]);

    // Without a secret: the unsigned ping is received, the signed webhooks are refused.
    const open = await receiver({});
    const ping = await mock.sendWebhook('ping', { url: open.url, payload: { type: 'ping' } });
    const created = await mock.sendWebhook('orderCreated', { url: open.url, secret });
    expect([ping.status, created.status]).toEqual([204, 401]);
    expect(open.errors.map(({ reason }) => reason)).toEqual(['no-secret']);
    expect(open.received.map(({ name }) => name)).toEqual(['ping']);
    expect(received).toEqual([]);
  });

  test('a route that names the webhook is trusted for the name, and the payload still validated', async () => {
    const secret = webhooks.generateWebhookSecret();
    const { url, received, errors } = await receiver({ secret, name: 'subscribe.onProgress' });
    const fine = await mock.sendWebhook('subscribe.onProgress', {
      url,
      secret,
      payload: { percent: 100 },
    });
    const over = await mock.sendWebhook('subscribe.onProgress', {
      url,
      secret,
      payload: { percent: 101 },
    });
    expect([fine.status, over.status]).toEqual([204, 400]);
    expect(received).toEqual([{ name: 'subscribe.onProgress', payload: { percent: 100 } }]);
    expect(errors[0]).toMatchObject({ reason: 'invalid-payload', webhook: 'subscribe.onProgress' });
  });
});

describe('a webhook signed GitHub’s way (HMAC-SHA256 of the body in a header), and a form-encoded one', () => {
  const HMAC_SPEC = `openapi: 3.1.0
info: { title: Pushes, version: 1.0.0 }
paths: {}
webhooks:
  push:
    post:
      x-zapgen-webhook-signature: { scheme: hmac-sha256, header: X-Hub-Signature-256, prefix: "sha256=" }
      x-zapgen-webhook-event: X-GitHub-Event
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [ref]
              properties: { ref: { type: string } }
      responses: { '204': { description: Received. } }
  issues-opened:
    post:
      x-zapgen-webhook-event: { header: X-GitHub-Event, values: [issues] }
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [action, number]
              properties: { action: { const: opened }, number: { type: integer } }
      responses: { '204': { description: Received. } }
  issues-closed:
    post:
      x-zapgen-webhook-event: { header: X-GitHub-Event, values: [issues] }
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [action, number]
              properties: { action: { const: closed }, number: { type: integer } }
      responses: { '204': { description: Received. } }
  sms:
    post:
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              required: [MessageSid, NumSegments]
              properties:
                MessageSid: { type: string }
                NumSegments: { type: integer }
      responses: { '204': { description: Received. } }
`;

  test('the mock signs it so, the package verifies it with any of several secrets, and refuses others', async () => {
    const dir = mkdtempSync(join(root, '.tmp', 'webhooks-hmac-'));
    try {
      writeFileSync(join(dir, 'openapi.yaml'), HMAC_SPEC);
      await generate({ spec: join(dir, 'openapi.yaml'), out: join(dir, 'out') });
      const source = readFileSync(join(dir, 'out/src/webhooks.ts'), 'utf8');
      expect(source).toContain('Signed (HMAC-SHA256 of the body in X-Hub-Signature-256).');
      const hmacWebhooks = (await import(join(dir, 'out/src/webhooks.ts'))) as Webhooks & Mock;
      const received: unknown[] = [];
      const errors: { reason: string }[] = [];
      const handle = hmacWebhooks.createWebhookNodeHandler(
        {
          push: (payload) => void received.push(payload),
          sms: (payload) => void received.push(payload),
        },
        { secret: ['rotated', 'gh-secret'], onError: (error: never) => errors.push(error) },
      );
      const server = createServer((request, response) => void handle(request, response));
      servers.push(server);
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      const payload = { ref: 'refs/heads/main' };
      const good = await hmacWebhooks.sendWebhook('push', { url, secret: 'gh-secret', payload });
      const bad = await hmacWebhooks.sendWebhook('push', { url, secret: 'guess', payload });
      expect([good.status, bad.status]).toEqual([204, 401]);
      expect(received).toEqual([payload]);
      expect(errors.map((error) => error.reason)).toEqual(['bad-signature']);
      // A form-encoded webhook: sent as a form, its fields read back typed by the schema.
      expect(source).toContain(`mediaType: 'application/x-www-form-urlencoded'`);
      const sms = await hmacWebhooks.sendWebhook('sms', {
        url,
        secret: 'gh-secret',
        payload: { MessageSid: 'SM1', NumSegments: 2 },
      });
      expect(sms.status).toBe(204);
      expect(received.at(-1)).toEqual({ MessageSid: 'SM1', NumSegments: 2 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('GitHub’s X-GitHub-Event names the webhook: the mock sends it, the receiver dispatches by it', async () => {
    const dir = mkdtempSync(join(root, '.tmp', 'webhooks-event-'));
    try {
      writeFileSync(join(dir, 'openapi.yaml'), HMAC_SPEC);
      await generate({ spec: join(dir, 'openapi.yaml'), out: join(dir, 'out') });
      const github = (await import(join(dir, 'out/src/webhooks.ts'))) as Webhooks & Mock;
      const received: [string, unknown][] = [];
      const sentHeaders: (string | undefined)[] = [];
      const secret = 'gh-secret';
      const handle = github.createWebhookNodeHandler(
        {
          push: (payload) => void received.push(['push', payload]),
          'issues-opened': (payload) => void received.push(['issues-opened', payload]),
          'issues-closed': (payload) => void received.push(['issues-closed', payload]),
          sms: (payload) => void received.push(['sms', payload]),
        },
        { secret },
      );
      const server = createServer((request, response) => {
        sentHeaders.push(request.headers['x-github-event'] as string | undefined);
        void handle(request, response);
      });
      servers.push(server);
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      const statuses = [
        await github.sendWebhook('push', { url, secret, payload: { ref: 'main' } }),
        // Two webhooks share the value `issues`: the payload's `action` tells them apart.
        await github.sendWebhook('issues-closed', {
          url,
          secret,
          payload: { action: 'closed', number: 7 },
        }),
        await github.sendWebhook('sms', {
          url,
          secret,
          payload: { MessageSid: 'SM1', NumSegments: 1 },
        }),
      ].map((response) => response.status);
      expect(statuses).toEqual([204, 204, 204]);
      expect(sentHeaders).toEqual(['push', 'issues', undefined]);
      expect(received.map(([name]) => name)).toEqual(['push', 'issues-closed', 'sms']);
      // A value the spec does not declare: 400, the reason naming the header, no secret.
      const unknown = await github.sendWebhook('push', {
        url,
        secret,
        payload: { ref: 'main' },
        headers: { 'X-GitHub-Event': 'deployment_status' },
      });
      expect(unknown.status).toBe(400);
      const body = (await unknown.json()) as { error: string; message: string };
      expect(body.error).toBe('unknown-webhook');
      expect(body.message).toMatch(/^The X-GitHub-Event header names no webhook of the spec/);
      expect(JSON.stringify(body)).not.toContain(secret);
      // The route's name wins over the header.
      const named = await github.parseWebhook(
        {
          headers: { 'X-GitHub-Event': 'issues' },
          body: JSON.stringify({ action: 'opened', number: 1 }),
        },
        { name: 'issues-opened' },
      );
      expect(named).toMatchObject({
        name: 'issues-opened',
        payload: { action: 'opened', number: 1 },
      });
      await expect(
        github.parseWebhook({
          headers: { 'X-GitHub-Event': 'push' },
          body: JSON.stringify({ action: 'opened', number: 1 }),
        }),
      ).rejects.toMatchObject({ reason: 'no-secret', webhook: 'push' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
