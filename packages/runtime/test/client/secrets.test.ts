/**
 * A server may echo the credential it refuses (`{"detail": "Invalid API key sk-..."}`). The
 * runtime knows what it sent: no message, stack, `JSON.stringify` or `util.inspect` of an error
 * shows it, while `error.body` stays as received.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/client/create-runtime.js';
import type { ClientOptions } from '../../src/client/options.js';
import type { ApiDefinition, OperationDefinition } from '../../src/definition.js';
import {
  ApiError,
  ResponseValidationError,
  UnauthorizedError,
  ZapgenError,
} from '../../src/errors.js';
import { z } from 'zod';
import { startServer } from '../support/server.js';
import type { RecordedRequest, TestServer } from '../support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const api: ApiDefinition = {
  name: 'echo',
  servers: [],
  securitySchemes: {
    HeaderKey: { type: 'apiKey', in: 'header', name: 'x-api-key', option: 'apiKey' },
    QueryKey: { type: 'apiKey', in: 'query', name: 'client_id', option: 'clientId' },
    Token: { type: 'oauth2', flows: {} },
    Open: { type: 'http', scheme: 'bearer' },
  },
};

function operation(security: string): OperationDefinition {
  return {
    operationId: 'whoAmI',
    method: 'get',
    path: '/me',
    parameters: [],
    responses: [
      { status: '200', mediaTypes: ['application/json'], body: z.object({ name: z.string() }) },
    ],
    security: [[{ scheme: security, scopes: [] }]],
  };
}

/** What the request carried, as the server saw it: the value it echoes. */
const credentials: [
  string,
  {
    security: string;
    client: ClientOptions;
    secret: string;
    echo: (request: RecordedRequest) => string;
  },
][] = [
  [
    'an API key in a header',
    {
      security: 'HeaderKey',
      client: { apiKey: 'sk-live-header-1234' },
      secret: 'sk-live-header-1234',
      echo: (request) => String(request.headers['x-api-key']),
    },
  ],
  [
    'an API key in the query',
    {
      security: 'QueryKey',
      client: { clientId: 'sk-live-query-1234' },
      secret: 'sk-live-query-1234',
      echo: (request) => new URLSearchParams(request.query).get('client_id') ?? '',
    },
  ],
  [
    'a bearer token',
    {
      security: 'Token',
      client: { accessToken: 'sk-live-token-1234' },
      secret: 'sk-live-token-1234',
      echo: (request) => String(request.headers.authorization),
    },
  ],
  [
    "a credential header of the caller's own",
    {
      security: 'HeaderKey',
      client: {
        apiKey: 'sk-live-header-1234',
        headers: { authorization: 'Bearer sk-live-extra-1234' },
      },
      secret: 'sk-live-extra-1234',
      echo: (request) => String(request.headers.authorization),
    },
  ],
];

/** Every way an error is shown: its message, stack, JSON, `util.inspect` (console.log), and as a string. */
function shown(error: unknown): string {
  return [
    (error as Error).message,
    (error as Error).stack,
    JSON.stringify(error),
    inspect(error, { depth: 10 }),
    String(error),
  ].join('\n');
}

describe('secrets echoed by a server never show in an error', () => {
  it.each(credentials)(
    '%s echoed in a 401 body, URL and header',
    async (_name, { security, client, secret, echo }) => {
      server = await startServer((request) => ({
        status: 401,
        headers: { 'x-echo': echo(request) },
        body: {
          detail: `Invalid API key ${echo(request)}`,
          errors: [echo(request)],
          [echo(request)]: 'as a key',
        },
      }));
      const error = await createRuntime(api, { baseUrl: server.url, ...client })
        .call(operation(security))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(shown(error)).not.toContain(secret);
      expect((error as Error).message).toMatch(
        /^whoAmI: GET http:\/\/127\.0\.0\.1:\d+\/me.* failed with 401: Invalid API key \[REDACTED\]$/,
      );
      expect(JSON.parse(JSON.stringify(error))).toMatchObject({
        status: 401,
        body: { detail: 'Invalid API key [REDACTED]', errors: ['[REDACTED]'] },
      });
      expect(inspect(error)).toContain("detail: 'Invalid API key [REDACTED]'");
      // The body as received, for the caller who asks for it.
      expect((error as ApiError).body).toMatchObject({
        detail: expect.stringContaining(secret),
        errors: [expect.stringContaining(secret)],
      });
    },
  );

  it('a response that breaks its schema in strict mode, echoing the key', async () => {
    server = await startServer((request) => ({
      body: {
        name: 42,
        echoed: request.headers['x-api-key'],
        [String(request.headers['x-api-key'])]: 1,
      },
    }));
    const runtime = createRuntime(api, {
      baseUrl: server.url,
      apiKey: 'sk-live-header-1234',
      validation: { response: 'strict' },
    });
    const error = await runtime.call(operation('HeaderKey')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(shown(error)).not.toContain('sk-live-header-1234');
    expect((error as ResponseValidationError).body).toMatchObject({
      echoed: 'sk-live-header-1234',
    });
  });

  it('a body cut for the message never keeps the start of a secret', async () => {
    const secret = `sk-${'x'.repeat(40)}`;
    server = await startServer(() => ({
      status: 403,
      body: { detail: `${'.'.repeat(180)}${secret}` },
    }));
    const error = await createRuntime(api, { baseUrl: server.url, apiKey: secret })
      .call(operation('HeaderKey'))
      .catch((caught: unknown) => caught);
    expect((error as Error).message).not.toContain('sk-xxx');
    expect((error as Error).message).toContain('[REDACTED]');
  });

  it('util.inspect still shows what helps: the stack, status, request id and the scrubbed body', async () => {
    server = await startServer(() => ({
      status: 404,
      headers: { 'x-request-id': 'req-7' },
      body: { detail: 'no such thing' },
    }));
    const error = await createRuntime(api, { baseUrl: server.url, apiKey: 'sk-live-header-1234' })
      .call(operation('HeaderKey'))
      .catch((caught: unknown) => caught);
    const text = inspect(error);
    expect(text).toMatch(
      /^NotFoundError: whoAmI: GET .* failed with 404: no such thing \(request id req-7\)\n\s+at /,
    );
    expect(text).toContain('status: 404');
    expect(text).toContain("requestId: 'req-7'");
    expect(text).toContain("body: { detail: 'no such thing' }");
  });
});

/**
 * A server echoes a credential as it saw it: the query as sent (percent-encoded), decoded, or
 * encoded again its own way (form-encoded, lower-case hex), and a Basic header as base64 or
 * decoded. Every form is scrubbed.
 */
describe('every encoding of a secret is scrubbed', () => {
  const awkward = 'sk live+/=ké?&%';
  const encodings: [string, (secret: string) => string][] = [
    ['raw', (secret) => secret],
    ['percent-encoded', (secret) => encodeURIComponent(secret)],
    [
      'percent-encoded, lower-case hex',
      (secret) =>
        encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    ],
    ['form-encoded', (secret) => new URLSearchParams({ k: secret }).toString().slice(2)],
    ['base64', (secret) => Buffer.from(secret).toString('base64')],
    ['in a JSON string', (secret) => JSON.stringify(secret).slice(1, -1)],
  ];
  const basicApi: ApiDefinition = {
    ...api,
    securitySchemes: { ...api.securitySchemes, Basic: { type: 'http', scheme: 'basic' } },
  };

  it.each(encodings)(
    'an API key in the query, echoed %s in the URL, body and headers',
    async (_name, encode) => {
      server = await startServer((request) => ({
        status: 401,
        headers: { 'x-echo': request.url, 'x-encoded': encode(awkward) },
        body: {
          detail: `Invalid client_id in ${request.url}: ${encode(awkward)}`,
          seen: encode(awkward),
        },
      }));
      const error = await createRuntime(api, { baseUrl: server.url, clientId: awkward })
        .call(operation('QueryKey'))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(server.requests[0]?.query).toContain(`client_id=${encodeURIComponent(awkward)}`);
      const text = shown(error);
      for (const [, form] of encodings) expect(text).not.toContain(form(awkward));
      expect((error as Error).message).toContain('[REDACTED]');
    },
  );

  it.each([
    ['the header as sent', (request: RecordedRequest) => String(request.headers.authorization)],
    [
      'the user and password, decoded',
      (request: RecordedRequest) =>
        Buffer.from(String(request.headers.authorization).slice(6), 'base64').toString(),
    ],
    [
      'the password alone',
      (request: RecordedRequest) =>
        Buffer.from(String(request.headers.authorization).slice(6), 'base64')
          .toString()
          .split(':')[1] ?? '',
    ],
  ])('http basic credentials, echoed as %s', async (_name, echo) => {
    server = await startServer((request) => ({
      status: 403,
      body: { detail: `Refused: ${echo(request)}`, percent: encodeURIComponent(echo(request)) },
    }));
    const error = await createRuntime(basicApi, {
      baseUrl: server.url,
      credentials: { Basic: 'alice:pa ss+w/rd' },
    })
      .call(operation('Basic'))
      .catch((caught: unknown) => caught);
    const text = shown(error);
    for (const secret of [
      'pa ss+w/rd',
      encodeURIComponent('pa ss+w/rd'),
      Buffer.from('alice:pa ss+w/rd').toString('base64'),
    ])
      expect(text).not.toContain(secret);
    expect((error as Error).message).toContain('Refused: [REDACTED]');
  });
});

describe('credentials in a URL', () => {
  it('a baseUrl with a user and password is refused when the client is made, without showing them', () => {
    const made = () =>
      createRuntime(api, { baseUrl: 'https://alice:s3cret-pw@api.example.com/v1', apiKey: 'k' });
    expect(made).toThrow(ZapgenError);
    expect(made).toThrow(
      /^baseUrl must not hold credentials \(https:\/\/\[REDACTED\]@api\.example\.com\/v1\): fetch does not send a URL with a user name or password/,
    );
    try {
      made();
    } catch (error) {
      expect(shown(error)).not.toContain('s3cret-pw');
      expect(shown(error)).not.toContain('alice');
    }
  });

  it('a redirect to a URL with a user and password never shows them', async () => {
    server = await startServer(() => ({
      status: 302,
      headers: { location: 'http://bob:hunter2-pw@127.0.0.1:1/elsewhere' },
    }));
    const error = await createRuntime(api, {
      baseUrl: server.url,
      apiKey: 'sk-live-header-1234',
      retry: { maxRetries: 0 },
    })
      .call(operation('HeaderKey'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZapgenError);
    expect(shown(error)).not.toContain('hunter2-pw');
  });
});
