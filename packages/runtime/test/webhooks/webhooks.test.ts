/**
 * Webhooks over real HTTP: a loopback Node server receives what `sendWebhook` (the mock's sender)
 * signs, verifies Standard Webhooks signatures (rotation, tolerance, altered bodies, bad secrets),
 * validates payloads and dispatches them by name to typed handlers; and the same receiver behind a
 * fetch-style `(Request) => Response` handler.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createWebhookHandler,
  generateWebhookSecret,
  sendDefinedWebhook,
  sendWebhook,
  signHmacBody,
  signWebhook,
  verifyHmacSignature,
  verifyWebhookSignature,
  webhookFetchHandler,
  webhookNodeHandler,
  WebhookError,
  WebhookSignatureError,
  type WebhookDefinition,
  type WebhookEvent,
} from '../../src/webhooks/index.js';

const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

const OrderCreated = z.object({ type: z.literal('order.created'), orderId: z.string() });
const OrderShipped = z.object({
  type: z.literal('order.shipped'),
  orderId: z.string(),
  carrier: z.string().default('post'),
});
interface Payloads {
  'order.created': z.output<typeof OrderCreated>;
  'order.shipped': z.output<typeof OrderShipped>;
}
const definitions: WebhookDefinition[] = [
  {
    name: 'order.created',
    payload: OrderCreated,
    signature: { scheme: 'standard-webhooks' },
    match: { property: 'type', value: 'order.created' },
  },
  {
    name: 'order.shipped',
    payload: OrderShipped,
    signature: { scheme: 'standard-webhooks' },
    match: { property: 'type', value: 'order.shipped' },
  },
];

/** A loopback receiver; `received` records what the handlers got, `errors` what was refused. */
async function receiver(secret: string | string[] | undefined, toleranceSeconds?: number) {
  const received: WebhookEvent<Payloads>[] = [];
  const errors: unknown[] = [];
  const webhooks = createWebhookHandler<Payloads>(definitions, {
    ...(secret !== undefined && { secret }),
    ...(toleranceSeconds !== undefined && { toleranceSeconds }),
  });
  const handle = webhookNodeHandler(
    webhooks,
    {
      'order.created': (payload, event) => {
        // Typed by name: `orderId` is a string, `carrier` is not there.
        const id: string = payload.orderId;
        received.push({ ...event, payload: { ...event.payload, orderId: id } });
      },
      'order.shipped': (payload, event) => {
        const carrier: string = payload.carrier;
        received.push({ ...event, payload: { ...payload, carrier } });
      },
    },
    { onError: (error) => errors.push(error) },
  );
  const server = createServer((request, response) => void handle(request, response));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, errors };
}

describe('Standard Webhooks signatures', () => {
  it('matches the Standard Webhooks reference vector', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = new TextEncoder().encode('{"test": 2432232314}');
    const signature = await signWebhook(secret, {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body,
    });
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    const headers = new Headers({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': `v1,bm90IGl0 ${signature}`,
    });
    await expect(
      verifyWebhookSignature(
        { header: (name) => headers.get(name) ?? undefined, body },
        { secrets: [secret], now: () => 1614265330_000 },
      ),
    ).resolves.toEqual({ id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestamp: new Date(1614265330_000) });
  });
});

describe('receiving webhooks over HTTP', () => {
  it('verifies, validates and dispatches each webhook to its typed handler', async () => {
    const secret = generateWebhookSecret();
    const { url, received, errors } = await receiver(secret);
    const created = await sendWebhook({
      url,
      secret,
      id: 'msg_1',
      payload: { type: 'order.created', orderId: 'o-1' },
    });
    const shipped = await sendWebhook({
      url,
      secret,
      payload: { type: 'order.shipped', orderId: 'o-1' },
    });
    expect([created.status, shipped.status]).toEqual([204, 204]);
    expect(errors).toEqual([]);
    expect(received.map(({ name, payload, verified }) => ({ name, payload, verified }))).toEqual([
      { name: 'order.created', payload: { type: 'order.created', orderId: 'o-1' }, verified: true },
      {
        name: 'order.shipped',
        // Validated output: the schema's default applied.
        payload: { type: 'order.shipped', orderId: 'o-1', carrier: 'post' },
        verified: true,
      },
    ]);
    expect(received[0]!.id).toBe('msg_1');
    expect(received[0]!.timestamp).toBeInstanceOf(Date);
  });

  it('accepts every secret of a rotation, and a header carrying several signatures', async () => {
    const [oldSecret, newSecret] = [generateWebhookSecret(), generateWebhookSecret()];
    const { url, received } = await receiver([oldSecret, newSecret]);
    const payload = { type: 'order.created', orderId: 'o-2' };
    expect((await sendWebhook({ url, secret: oldSecret, payload })).status).toBe(204);
    expect((await sendWebhook({ url, secret: newSecret, payload })).status).toBe(204);
    // A sender in mid-rotation signs with both; the receiver knows only the new one.
    const id = 'msg_rotating';
    const timestamp = Math.floor(Date.now() / 1000);
    const body = new TextEncoder().encode(JSON.stringify(payload));
    const signatures = await Promise.all(
      [generateWebhookSecret(), newSecret].map((secret) =>
        signWebhook(secret, { id, timestamp, body }),
      ),
    );
    const rotating = await receiver(newSecret);
    const response = await fetch(rotating.url, {
      method: 'POST',
      headers: {
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatures.join(' '),
      },
      body,
    });
    expect(response.status).toBe(204);
    expect(received).toHaveLength(2);
    expect(rotating.received).toHaveLength(1);
  });

  it.each([
    ['a bad secret', { secret: 'wrong' }, 'bad-signature'],
    ['an old timestamp', { timestamp: Math.floor(Date.now() / 1000) - 1000 }, 'timestamp-too-old'],
    [
      'a future timestamp',
      { timestamp: Math.floor(Date.now() / 1000) + 1000 },
      'timestamp-too-new',
    ],
    ['an altered body', { alter: true }, 'bad-signature'],
    ['no signature', { unsigned: true }, 'missing-header'],
  ] as const)('refuses %s with 401 and a typed error', async (_case, how, reason) => {
    const secret = generateWebhookSecret();
    const { url, received, errors } = await receiver(secret);
    const payload = { type: 'order.created', orderId: 'o-3' };
    const signingSecret = 'secret' in how ? generateWebhookSecret() : secret;
    const timestamp = 'timestamp' in how ? how.timestamp : Math.floor(Date.now() / 1000);
    const id = 'msg_refused';
    const signed = new TextEncoder().encode(JSON.stringify(payload));
    const sent = 'alter' in how ? JSON.stringify({ ...payload, orderId: 'o-4' }) : signed;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        ...(!('unsigned' in how) && {
          'webhook-signature': await signWebhook(signingSecret, { id, timestamp, body: signed }),
        }),
      },
      body: sent,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: 'invalid-signature',
      message: 'Invalid signature',
    });
    expect(received).toEqual([]);
    const [error] = errors;
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect((error as WebhookSignatureError).reason).toBe(reason);
    expect((error as WebhookSignatureError).webhookId).toBe(id);
    // The secret is in no rendering of the error.
    const secretBody = secret.slice('whsec_'.length);
    for (const text of [
      String(error),
      JSON.stringify(error),
      inspect(error),
      (error as Error).stack,
    ])
      expect(text).not.toContain(secretBody);
  });

  it('refuses an unknown webhook and an invalid payload with 400, naming why', async () => {
    const secret = generateWebhookSecret();
    const { url, received, errors } = await receiver(secret);
    const unknown = await sendWebhook({
      url,
      secret,
      payload: { type: 'order.lost', orderId: 'x' },
    });
    const invalid = await sendWebhook({
      url,
      secret,
      payload: { type: 'order.created', orderId: 7 },
    });
    const notJson = await sendWebhook({ url, secret, payload: '{not json' });
    expect([unknown.status, invalid.status, notJson.status]).toEqual([400, 400, 400]);
    expect(((await unknown.json()) as { error: string }).error).toBe('unknown-webhook');
    expect(((await invalid.json()) as { error: string }).error).toBe('invalid-payload');
    expect(received).toEqual([]);
    expect(errors.map((error) => (error as WebhookError).reason)).toEqual([
      'unknown-webhook',
      'invalid-payload',
      'invalid-json',
    ]);
    const invalidError = errors[1] as WebhookError;
    expect(invalidError.webhook).toBe('order.created');
    expect(invalidError.issues.map(({ path }) => path)).toEqual([['orderId']]);
    expect(invalidError.message).toContain('webhook "order.created"');
  });

  it('refuses a webhook the spec declares signed when no secret is configured', async () => {
    const { url, errors } = await receiver(undefined);
    const response = await sendWebhook({ url, payload: { type: 'order.created', orderId: 'o' } });
    expect(response.status).toBe(401);
    expect((errors[0] as WebhookSignatureError).reason).toBe('no-secret');
  });

  it('takes the tolerance from the options', async () => {
    const secret = generateWebhookSecret();
    const { url } = await receiver(secret, 3600);
    const timestamp = Math.floor(Date.now() / 1000) - 1800;
    const payload = { type: 'order.created', orderId: 'o' };
    expect((await sendWebhook({ url, secret, timestamp, payload })).status).toBe(204);
  });
});

describe('sending a defined webhook', () => {
  const capture = () => {
    const requests: Request[] = [];
    const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response(null, { status: 204 });
    }) as typeof globalThis.fetch;
    return { requests, fetch };
  };
  const hmac = { scheme: 'hmac-sha256', header: 'X-Hub-Signature-256', prefix: 'sha256=' } as const;
  const defined: WebhookDefinition[] = [
    { name: 'push', event: { header: 'X-GitHub-Event', values: ['push'] }, signature: hmac },
    { name: 'ping', mediaType: 'application/x-www-form-urlencoded' },
  ];
  const examples = { push: { ref: 'main' } };

  it.each([
    [
      'the example, its event header, its own signature',
      { name: 'push', options: {}, want: { body: '{"ref":"main"}', event: 'push' } },
    ],
    [
      "an unsigned webhook is signed as the API's others are; its media type as declared",
      { name: 'ping', options: { payload: { a: 1 } }, want: { body: 'a=1', event: null } },
    ],
    [
      "the caller's options win over the definition",
      {
        name: 'push',
        options: { payload: 'raw', headers: { 'X-GitHub-Event': 'other' } },
        want: { body: 'raw', event: 'other' },
      },
    ],
  ])('%s', async (_, { name, options, want }) => {
    const { requests, fetch } = capture();
    const secret = 'topsecret';
    const response = await sendDefinedWebhook(defined, examples, name, {
      url: 'http://receiver.test/hooks',
      secret,
      fetch,
      ...options,
    });
    expect(response.status).toBe(204);
    const request = requests[0]!;
    const body = await request.clone().text();
    expect(body).toBe(want.body);
    expect(request.headers.get('x-github-event')).toBe(want.event);
    expect(request.headers.get('x-hub-signature-256')).toBe(
      await signHmacBody(secret, new TextEncoder().encode(body), hmac),
    );
  });

  it.each(['ping', '__proto__', 'constructor'])(
    'no payload and no example of %s: rejects before sending, naming it',
    async (name) => {
      const { requests, fetch } = capture();
      await expect(
        sendDefinedWebhook(defined, examples, name, { url: 'http://receiver.test/', fetch }),
      ).rejects.toThrow(`no example of ${JSON.stringify(name)}`);
      expect(requests).toHaveLength(0);
    },
  );
});

describe('a Request-based receiver', () => {
  it('parses a fetch Request, finds the webhook by name or by payload, and answers it', async () => {
    const secret = generateWebhookSecret();
    const webhooks = createWebhookHandler<Payloads>(definitions, { secret });
    const requests: Request[] = [];
    const capture = (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    const payload = { type: 'order.shipped', orderId: 'o-9', carrier: 'ups' };
    await sendWebhook({ url: 'http://receiver.test/hooks', secret, payload, fetch: capture });
    const event = await webhooks.parse(requests[0]!.clone());
    expect(event.name).toBe('order.shipped');
    if (event.name === 'order.shipped') expect(event.payload.carrier).toBe('ups');
    await expect(
      webhooks.parse(requests[0]!.clone(), { name: 'order.created' }),
    ).rejects.toMatchObject({
      reason: 'invalid-payload',
    });
    const handler = webhookFetchHandler(webhooks, { 'order.created': () => undefined });
    const response = await handler(requests[0]!.clone());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'unhandled-webhook' });
  });

  it('refuses a body over the limit before reading it whole', async () => {
    const webhooks = createWebhookHandler<Payloads>(definitions, { maxBodyBytes: 16 });
    const request = new Request('http://receiver.test/', {
      method: 'POST',
      body: JSON.stringify({ type: 'order.created', orderId: 'x'.repeat(100) }),
    });
    await expect(webhooks.parse(request)).rejects.toMatchObject({ reason: 'body-too-large' });
  });
});

describe('HMAC-SHA256 of the body in one header (GitHub, Shopify)', () => {
  const github = {
    scheme: 'hmac-sha256',
    header: 'X-Hub-Signature-256',
    prefix: 'sha256=',
  } as const;

  it('matches GitHub’s documented example, hex or base64', async () => {
    // docs.github.com, "Validating webhook deliveries": this secret, this body, this header.
    const body = new TextEncoder().encode('Hello, World!');
    expect(await signHmacBody("It's a Secret to Everybody", body, github)).toBe(
      'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    );
    const header = (value: string) => (name: string) =>
      name.toLowerCase() === 'x-hub-signature-256' ? value : undefined;
    await expect(
      verifyHmacSignature(
        {
          header: header('SHA256=757107EA0EB2509FC211221CCE984B8A37570B6D7586C22C46F4379C8B043E17'),
          body,
        },
        github,
        { secrets: ['old', "It's a Secret to Everybody"] },
      ),
    ).resolves.toBeUndefined();
    const shopify = {
      scheme: 'hmac-sha256',
      header: 'X-Shopify-Hmac-Sha256',
      encoding: 'base64',
    } as const;
    const signed = await signHmacBody('s', body, shopify);
    expect(signed).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    await expect(
      verifyHmacSignature({ header: () => signed, body }, shopify, { secrets: ['s'] }),
    ).resolves.toBeUndefined();
  });

  it.each<[string, { header?: string; secrets: string[]; reason: string }]>([
    ['a bad secret', { secrets: ['wrong'], reason: 'bad-signature' }],
    ['an altered body', { header: 'altered', secrets: ['k3y-7f'], reason: 'bad-signature' }],
    ['no prefix', { header: 'no-prefix', secrets: ['k3y-7f'], reason: 'bad-signature' }],
    ['no header', { header: 'none', secrets: ['k3y-7f'], reason: 'missing-header' }],
    ['no secret', { secrets: [], reason: 'no-secret' }],
    ['an empty secret', { secrets: [''], reason: 'invalid-secret' }],
  ])('refuses %s, never showing a secret', async (_name, { header, secrets, reason }) => {
    const body = new TextEncoder().encode('{"a":1}');
    const good = await signHmacBody('k3y-7f', body, github);
    const value =
      header === 'altered'
        ? await signHmacBody('k3y-7f', new TextEncoder().encode('{"a":2}'), github)
        : header === 'no-prefix'
          ? good.slice('sha256='.length)
          : header === 'none'
            ? undefined
            : good;
    const error = await verifyHmacSignature({ header: () => value, body }, github, {
      secrets,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(error).toMatchObject({ reason });
    for (const secret of secrets.filter(Boolean)) expect(inspect(error)).not.toContain(secret);
  });

  it('a receiver of webhooks the spec declares so: sendWebhook signs that way, several secrets', async () => {
    const signedDefinitions: WebhookDefinition[] = definitions.map((definition) => ({
      ...definition,
      signature: github,
    }));
    const webhooks = createWebhookHandler<Payloads>(signedDefinitions, { secret: ['new', 'old'] });
    const requests: Request[] = [];
    const capture = (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    const payload = { type: 'order.created', orderId: 'o-1' };
    await sendWebhook({
      url: 'http://receiver.test/',
      secret: 'old',
      payload,
      fetch: capture,
      signature: github,
    });
    expect(requests[0]!.headers.get('x-hub-signature-256')).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(requests[0]!.headers.get('webhook-signature')).toBeNull();
    const event = await webhooks.parse(requests[0]!.clone());
    expect(event).toMatchObject({ name: 'order.created', verified: true, payload });
    // Signed with a secret the receiver does not have, or a Standard Webhooks signature instead.
    await sendWebhook({
      url: 'http://receiver.test/',
      secret: 'other',
      payload,
      fetch: capture,
      signature: github,
    });
    await expect(webhooks.parse(requests[1]!.clone())).rejects.toMatchObject({
      reason: 'bad-signature',
    });
    await sendWebhook({
      url: 'http://receiver.test/',
      secret: generateWebhookSecret(),
      payload,
      fetch: capture,
    });
    await expect(webhooks.parse(requests[2]!.clone())).rejects.toMatchObject({
      reason: 'missing-header',
    });
    // Configured rather than declared: the spec said nothing of signatures.
    const configured = createWebhookHandler<Payloads>(definitions, {
      secret: 'old',
      signature: github,
    });
    await expect(configured.parse(requests[0]!.clone())).resolves.toMatchObject({ verified: true });
    const response = await webhookFetchHandler(configured, { 'order.created': () => undefined })(
      requests[1]!.clone(),
    );
    expect(response.status).toBe(401);
  });
});

describe('form-encoded webhooks (Twilio, Slack commands)', () => {
  const Status = z.object({
    MessageSid: z.string(),
    Code: z.string(),
    Segments: z.number().int(),
    Final: z.boolean(),
    Tags: z.array(z.string()).optional(),
  });
  const forms: WebhookDefinition[] = [
    { name: 'status', payload: Status, mediaType: 'application/x-www-form-urlencoded' },
  ];

  it('reads the fields, a field the schema types as a number or boolean from its text', async () => {
    const webhooks = createWebhookHandler<{ status: z.output<typeof Status> }>(forms, {
      secret: 'tw',
      signature: { scheme: 'hmac-sha256', header: 'X-Signature', encoding: 'base64' },
    });
    const requests: Request[] = [];
    const capture = (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    await sendWebhook({
      url: 'http://receiver.test/',
      secret: 'tw',
      signature: { scheme: 'hmac-sha256', header: 'X-Signature', encoding: 'base64' },
      mediaType: 'application/x-www-form-urlencoded',
      // Code stays text although it spells a number: its schema says string.
      payload: { MessageSid: 'SM1', Code: '30003', Segments: 2, Final: true, Tags: ['a', 'b'] },
      fetch: capture,
    });
    const request = requests[0]!;
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(await request.clone().text()).toBe(
      'MessageSid=SM1&Code=30003&Segments=2&Final=true&Tags=a&Tags=b',
    );
    const event = await webhooks.parse(request);
    expect(event).toMatchObject({
      name: 'status',
      verified: true,
      payload: { MessageSid: 'SM1', Code: '30003', Segments: 2, Final: true, Tags: ['a', 'b'] },
    });
  });

  it('refuses a field that spells no value of its type, naming it', async () => {
    const webhooks = createWebhookHandler(forms);
    const error = await webhooks
      .parse({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'MessageSid=SM1&Code=1&Segments=two&Final=true',
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'invalid-payload' });
    expect((error as WebhookError).issues?.map((issue) => issue.path)).toEqual([['Segments']]);
  });
});

describe('a webhook named by a request header (GitHub’s X-GitHub-Event)', () => {
  const Push = z.object({ ref: z.string() });
  const Issue = (action: string) => z.object({ action: z.literal(action), number: z.number() });
  const Ping = z.object({ zen: z.string() });
  const event = (...values: string[]) => ({ header: 'X-GitHub-Event', values });
  const githubDefinitions: WebhookDefinition[] = [
    { name: 'push', payload: Push, event: event('push') },
    {
      name: 'issues.opened',
      payload: Issue('opened'),
      event: event('issues'),
      match: { property: 'action', value: 'opened' },
    },
    {
      name: 'issues.closed',
      payload: Issue('closed'),
      event: event('issues'),
      match: { property: 'action', value: 'closed' },
    },
    { name: 'ping', payload: Ping, event: event('ping', 'meta') },
  ];
  const secret = 'It’s a Secret to Everybody';
  const github = {
    scheme: 'hmac-sha256',
    header: 'X-Hub-Signature-256',
    prefix: 'sha256=',
  } as const;
  const webhooks = createWebhookHandler<Record<string, unknown>>(githubDefinitions, {
    secret,
    signature: github,
  });

  /** A signed request carrying `headers`, as GitHub sends it. */
  async function delivery(payload: unknown, headers: Record<string, string>) {
    const requests: Request[] = [];
    const capture = (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    await sendWebhook({
      url: 'http://receiver.test/',
      secret,
      payload,
      signature: github,
      headers,
      fetch: capture,
    });
    return requests[0]!;
  }

  it.each([
    [
      'the header’s value names the webhook',
      { 'X-GitHub-Event': 'push' },
      { ref: 'main' },
      undefined,
      'push',
    ],
    [
      'any of its declared values',
      { 'x-github-event': 'meta' },
      { zen: 'Keep it logically awesome.' },
      undefined,
      'ping',
    ],
    [
      'a value shared by several: the payload’s constant picks one',
      { 'X-GitHub-Event': 'issues' },
      { action: 'closed', number: 7 },
      undefined,
      'issues.closed',
    ],
    [
      'no header: the payload names it, as before',
      {},
      { action: 'opened', number: 1 },
      undefined,
      'issues.opened',
    ],
    [
      'the route’s name wins over the header',
      { 'X-GitHub-Event': 'push' },
      { zen: 'z' },
      'ping',
      'ping',
    ],
  ] as const)('%s', async (_, headers, payload, name, want) => {
    const request = await delivery(payload, headers);
    const parsed = await webhooks.parse(request, name === undefined ? {} : { name });
    expect(parsed).toMatchObject({ name: want, payload, verified: true });
  });

  it('the header is trusted over a payload that fits another webhook: refused as that one', async () => {
    const request = await delivery({ zen: 'z' }, { 'X-GitHub-Event': 'push' });
    await expect(webhooks.parse(request)).rejects.toMatchObject({
      reason: 'invalid-payload',
      webhook: 'push',
    });
  });

  it('a value no webhook declares is a 400 naming the header, never the secret', async () => {
    const request = await delivery({ ref: 'main' }, { 'X-GitHub-Event': 'deployment_status' });
    const error = await webhooks.parse(request.clone()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toMatchObject({ reason: 'unknown-webhook' });
    expect(inspect(error)).not.toContain(secret);
    const response = await webhookFetchHandler(webhooks, { push: () => undefined })(request);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string };
    expect(body).toEqual({
      error: 'unknown-webhook',
      message: expect.stringMatching(/^The X-GitHub-Event header names no webhook of the spec\b/),
    });
    expect(JSON.stringify(body)).not.toContain(secret);
  });

  it('sendWebhook sets the event header to the first declared value; a caller’s header wins', async () => {
    const requests: Request[] = [];
    const capture = (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    const url = 'http://receiver.test/';
    await sendWebhook({ url, payload: { zen: 'z' }, event: event('ping', 'meta'), fetch: capture });
    await sendWebhook({
      url,
      payload: { zen: 'z' },
      event: event('ping', 'meta'),
      headers: { 'X-GitHub-Event': 'meta' },
      fetch: capture,
    });
    expect(requests.map((request) => request.headers.get('x-github-event'))).toEqual([
      'ping',
      'meta',
    ]);
  });
});
