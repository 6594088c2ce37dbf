/**
 * A battery of malformed requests against both mocks running in their own process: each gets
 * a 4xx JSON answer (or a bounded wait), the process never crashes, its memory returns to its
 * baseline, and the stored state is intact afterwards.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
let child: ChildProcess;
const ports = { actions: 0, partner: 0 };
const exits: (number | null)[] = [];

function ask<T>(message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(message);
  });
}

beforeAll(async () => {
  child = fork(join(here, 'support/mock-process.mjs'), [], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('exit', (code) => exits.push(code));
  const urls = await new Promise<Record<keyof typeof ports, string>>((resolve) =>
    child.once('message', (message) =>
      resolve((message as { urls: Record<keyof typeof ports, string> }).urls),
    ),
  );
  ports.actions = Number(new URL(urls.actions).port);
  ports.partner = Number(new URL(urls.partner).port);
});
afterAll(async () => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await exited;
});

let agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** One request over a pooled connection; resolves with the status and the parsed JSON body. */
interface Sent {
  api?: keyof typeof ports;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

function send(options: Sent): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: ports[options.api ?? 'partner'],
        agent,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: incoming.statusCode ?? 0, json: text ? JSON.parse(text) : undefined });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Raw bytes on a fresh socket; resolves with everything the server sent before closing. */
function raw(
  bytes: string,
  options: { end?: boolean; api?: keyof typeof ports } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(ports[options.api ?? 'partner'], '127.0.0.1', () =>
      options.end ? socket.end(bytes) : socket.write(bytes),
    );
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
}

const key = 'client_id=mock-client-id';
const json = { 'content-type': 'application/json' };
const actions = { api: 'actions' as const, method: 'POST', path: '/api/v2/ai-actions/' };
const apiKey = { 'x-api-key': 'mock-api-key' };

/** [name, request, expected status, times]; partner errors are `{ errors }`, actions errors `{ error }`. */
const battery: [string, Sent, number, number][] = [
  ['unknown paths', { path: `/v1/nothing?${key}` }, 404, 200],
  ['wrong methods', { method: 'DELETE', path: `/v1/apps?${key}` }, 405, 200],
  ['invalid percent-encoding in the path', { path: `/v1/apps%zz?${key}` }, 400, 200],
  ['invalid percent-encoding in the query', { path: `/v1/apps?${key}&page=%G1` }, 400, 200],
  ['out-of-range parameters', { path: `/v1/apps?${key}&per_page=1000` }, 400, 200],
  ['missing credentials', { path: '/v1/apps' }, 401, 200],
  [
    'a token without the scope',
    {
      path: '/v1/zap-templates/me?client_id=mock-client-id',
      headers: { authorization: 'Bearer unknown' },
    },
    401,
    200,
  ],
  ['100 KB URLs', { path: `/v1/apps?${key}&q=${'a'.repeat(100_000)}` }, 414, 20],
  ['20 KB headers', { path: `/v1/apps?${key}`, headers: { 'x-big': 'b'.repeat(20_000) } }, 431, 20],
  ['bad JSON', { ...actions, headers: { ...apiKey, ...json }, body: '{"app":' }, 400, 200],
  [
    'a wrong content type',
    { ...actions, headers: { ...apiKey, 'content-type': 'text/plain' }, body: 'app=x' },
    415,
    200,
  ],
  [
    'a body that breaks the schema',
    { ...actions, headers: { ...apiKey, ...json }, body: '{"app":1}' },
    400,
    200,
  ],
  [
    'invalid UTF-8 in the body',
    { ...actions, headers: { ...apiKey, ...json }, body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) },
    400,
    50,
  ],
  [
    '2 MiB bodies',
    { ...actions, headers: { ...apiKey, ...json }, body: Buffer.alloc(2 * 1024 * 1024, 'x') },
    413,
    10,
  ],
  [
    'a GET with a body on an unknown path',
    {
      api: 'actions',
      path: '/api/v2/nothing/',
      headers: { ...apiKey, ...json, 'content-length': '2' },
      body: '{}',
    },
    404,
    100,
  ],
];

describe('robustness battery (mock in its own process)', () => {
  let baseline = 0;
  let before: unknown;

  test('baseline after warm-up', async () => {
    for (let index = 0; index < 200; index += 1)
      await send({ path: `/v1/apps?${key}&page=${(index % 4) + 1}` });
    baseline = (await ask<{ memory: number }>('memory')).memory;
    before = (await ask<{ state: unknown }>('state')).state;
  });

  test.each(battery)(
    '%s get the status of each case, as JSON',
    async (_name, request, status, times) => {
      for (let index = 0; index < times; index += 1) {
        const answer = await send(request);
        expect(answer.status).toBe(status);
        expect(answer.json).toMatchObject(
          request.api === 'actions'
            ? { error: expect.any(String), code: expect.any(String) }
            : { errors: expect.any(Array), code: expect.any(String) },
        );
      }
    },
  );

  test('2,000 concurrent requests all answered', async () => {
    const answers = await Promise.all(
      Array.from({ length: 2000 }, (_, index) =>
        send({ path: `/v1/apps?${key}&per_page=${(index % 100) + 1}` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2000);
  });

  test('bodies that stall get 408 after the bounded wait, in parallel', async () => {
    const stalled = await Promise.all(
      Array.from({ length: 20 }, () =>
        raw(
          'POST /api/v2/ai-actions/ HTTP/1.1\r\nHost: x\r\nx-api-key: mock-api-key\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"app":',
          { api: 'actions' },
        ),
      ),
    );
    for (const answer of stalled)
      expect(answer).toMatch(/^HTTP\/1\.1 408 [^]*"code":"request_timeout"/);
  });

  test('headers past what Node parses and non-HTTP bytes get JSON errors, not resets', async () => {
    expect(
      await raw(`GET /v1/apps HTTP/1.1\r\nHost: x\r\nx-huge: ${'h'.repeat(300_000)}\r\n\r\n`),
    ).toMatch(/^HTTP\/1\.1 431 [^]*"code":"request_header_fields_too_large"/);
    expect(
      await raw(`GET /v1/apps HTTP/1.1\r\nHost: x\r\nx-huge: ${'h'.repeat(2_000_000)}\r\n\r\n`),
    ).toMatch(/^HTTP\/1\.1 431 [^]*"errors"/);
    expect(await raw(`GET /${'u'.repeat(300_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 414 [^]*"code":"uri_too_long"/,
    );
    expect(await raw('\u0000\u0001garbage\r\n\r\n', { end: true })).toMatch(/^HTTP\/1\.1 400 /);
  });

  /** Heap after GC with the pooled connections closed (open sockets hold buffers on both sides). */
  async function settledHeap(): Promise<number> {
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: 256 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    return (await ask<{ memory: number }>('memory')).memory;
  }

  /** The whole battery again, statuses only. */
  async function round(): Promise<void> {
    for (const [, request, status, times] of battery) {
      for (let index = 0; index < times; index += 1)
        expect((await send(request)).status).toBe(status);
    }
    const answers = await Promise.all(
      Array.from({ length: 2000 }, (_, index) =>
        send({ path: `/v1/apps?${key}&per_page=${(index % 100) + 1}` }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const stall =
      'POST /api/v2/ai-actions/ HTTP/1.1\r\nHost: x\r\nx-api-key: mock-api-key\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{';
    for (const answer of await Promise.all(
      Array.from({ length: 20 }, () => raw(stall, { api: 'actions' })),
    ))
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(
      await raw(`GET /v1/apps HTTP/1.1\r\nHost: x\r\nx-huge: ${'h'.repeat(2_000_000)}\r\n\r\n`),
    ).toMatch(/^HTTP\/1\.1 431 /);
  }

  test('memory returns to its baseline over three more rounds; the state is intact; nothing was logged as a failure', async () => {
    const warm = await settledHeap();
    const rounds: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      await round();
      rounds.push(await settledHeap());
    }
    const after = rounds[rounds.length - 1]!;
    const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
    console.log(
      `mock process heap after GC: cold ${mb(baseline)}, after the first battery ${mb(warm)}, after each of three more ${rounds.map(mb).join(', ')}`,
    );
    // The first round compiles and caches code paths. A round is about 4,200 requests: keeping
    // even 330 bytes of each would add 4 MB over three rounds.
    expect(after - warm).toBeLessThan(4 * 2 ** 20);
    const { state, logged } = await ask<{ state: unknown; logged: string[] }>('state');
    expect(state).toEqual(before);
    expect(logged).toEqual([]);
    expect(exits).toEqual([]);
  }, 300_000);
});
