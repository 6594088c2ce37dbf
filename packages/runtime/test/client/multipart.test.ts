/**
 * Multipart bodies as the spec's `encoding` says: which calls need the client's own encoder
 * (part headers, typed non-file parts, streamed files) and which keep `FormData`; the bytes the
 * encoder writes (boundary, escaping, headers, CRLF); over real HTTP to a plain server that reads
 * the raw bytes, and to the mock, which parses the parts with their headers and checks them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodeBody, needsPartEncoder } from '../../src/client/body.js';
import { createRuntime } from '../../src/client/create-runtime.js';
import { toFile } from '../../src/client/files.js';
import { encodeMultipart } from '../../src/client/multipart.js';
import type { ApiDefinition, BodyEncoding, OperationDefinition } from '../../src/definition.js';
import { RequestValidationError } from '../../src/errors.js';
import { createMock } from '../../src/mock/create-mock.js';
import type { MockRequest } from '../../src/mock/options.js';
import { startServer, type TestServer } from '../support/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const api: ApiDefinition = { name: 'uploads', servers: [], securitySchemes: {} };

const encoding: Record<string, BodyEncoding> = {
  file: {
    contentType: 'image/png',
    headers: [
      { name: 'X-Rate-Limit', value: '100' },
      { name: 'X-Checksum', required: true },
    ],
  },
  metadata: { contentType: 'application/json' },
  attachments: { contentType: 'text/plain, application/pdf' },
};

const upload: OperationDefinition = {
  operationId: 'upload',
  method: 'post',
  path: '/uploads',
  parameters: [],
  requestBody: {
    required: true,
    mediaTypes: ['multipart/form-data'],
    encoding,
    validator: z.object({
      file: z.union([z.string(), z.instanceof(Blob)]),
      metadata: z.object({ title: z.string() }),
      attachments: z.array(z.union([z.string(), z.instanceof(Blob)])).optional(),
      note: z.string().optional(),
    }),
  },
  responses: [{ status: '201', mediaTypes: ['application/json'] }],
  security: [],
};

/** The parts of a raw multipart body: each part's header lines and content, and the boundary. */
function partsOf(raw: string, contentType: string) {
  const boundary = /boundary=(.+)$/.exec(contentType)![1]!;
  expect(raw.endsWith(`--${boundary}--\r\n`)).toBe(true);
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const [head, ...rest] = chunk.slice(2, -2).split('\r\n\r\n');
      return { head: head!.split('\r\n'), content: rest.join('\r\n\r\n') };
    });
}

async function text(body: Blob | ReadableStream<Uint8Array>): Promise<string> {
  return new Response(body).text();
}

describe('needsPartEncoder', () => {
  it.each<[string, { body: unknown; encoding?: Record<string, BodyEncoding>; want: boolean }]>([
    ['plain fields and files: FormData', { body: { a: 'x', f: new Blob(['y']) }, want: false }],
    [
      'a file part whose type the encoding gives: FormData',
      { body: { f: new Blob(['y']) }, encoding: { f: { contentType: 'image/png' } }, want: false },
    ],
    [
      'a JSON part that is not a file (FormData would name it "blob")',
      { body: { m: { a: 1 } }, encoding: { m: { contentType: 'application/json' } }, want: true },
    ],
    [
      'a text/plain part: FormData',
      { body: { m: 'x' }, encoding: { m: { contentType: 'text/plain' } }, want: false },
    ],
    [
      'a part with declared headers',
      {
        body: { f: new Blob(['y']) },
        encoding: { f: { headers: [{ name: 'X-A', value: '1' }] } },
        want: true,
      },
    ],
    [
      'declared headers of a part not sent: FormData',
      { body: { g: 'x' }, encoding: { f: { headers: [{ name: 'X-A' }] } }, want: false },
    ],
    ['a web stream', { body: { f: new Blob(['a']).stream() }, want: true }],
    [
      'an async iterable in an array of files',
      {
        body: {
          f: [
            new Blob(['a']),
            (async function* () {
              yield 'b';
            })(),
          ],
        },
        want: true,
      },
    ],
    ['a FormData the caller built', { body: new FormData(), want: false }],
  ])('%s', (_name, { body, encoding: given, want }) => {
    expect(needsPartEncoder(body, given)).toBe(want);
  });

  it('a file given part headers with toFile', async () => {
    const file = await toFile('x', 'a.txt', { headers: { 'X-A': '1' } });
    expect(needsPartEncoder({ f: file }, undefined)).toBe(true);
    expect(needsPartEncoder({ f: await toFile('x', 'a.txt') }, undefined)).toBe(false);
  });
});

describe('encodeMultipart', () => {
  it('writes each part as the encoding says, with a fresh random boundary', async () => {
    const file = await toFile('PNG', 'scan.png', { headers: { 'X-Checksum': 'abc' } });
    const first = encodeMultipart(
      {
        file,
        metadata: { title: 'Scan' },
        attachments: [await toFile('a', 'a.txt', { type: 'text/plain' }), new Blob(['b'])],
        note: 'line one\nline two',
        skipped: undefined,
        count: 3,
      },
      encoding,
    );
    expect(first.body).toBeInstanceOf(Blob);
    expect(first.contentType).toMatch(/^multipart\/form-data; boundary=----zapgen[0-9a-f]{32}$/);
    expect(encodeMultipart({ a: 'x' }, undefined).contentType).not.toBe(first.contentType);
    expect(partsOf(await text(first.body), first.contentType)).toEqual([
      {
        head: [
          'Content-Disposition: form-data; name="file"; filename="scan.png"',
          'Content-Type: image/png',
          'X-Rate-Limit: 100',
          'X-Checksum: abc',
        ],
        content: 'PNG',
      },
      {
        head: ['Content-Disposition: form-data; name="metadata"', 'Content-Type: application/json'],
        content: '{"title":"Scan"}',
      },
      {
        head: [
          'Content-Disposition: form-data; name="attachments"; filename="a.txt"',
          'Content-Type: text/plain',
        ],
        content: 'a',
      },
      {
        // A list of allowed types names none: the platform's default.
        head: [
          'Content-Disposition: form-data; name="attachments"; filename="blob"',
          'Content-Type: application/octet-stream',
        ],
        content: 'b',
      },
      {
        head: ['Content-Disposition: form-data; name="note"'],
        content: 'line one\r\nline two',
      },
      { head: ['Content-Disposition: form-data; name="count"'], content: '3' },
    ]);
  });

  it.each<[string, { name: string; filename: string; want: string }]>([
    [
      'quotes, CR and LF percent-escaped (the HTML standard)',
      {
        name: 'a"b\r\nc',
        filename: 'x"y\n.txt',
        want: 'Content-Disposition: form-data; name="a%22b%0D%0Ac"; filename="x%22y%0A.txt"',
      },
    ],
    [
      'non-ASCII names as UTF-8',
      {
        name: 'größe',
        filename: 'résumé.pdf',
        want: 'Content-Disposition: form-data; name="größe"; filename="résumé.pdf"',
      },
    ],
  ])('names: %s', async (_name, { name, filename, want }) => {
    const encoded = encodeMultipart({ [name]: new File(['x'], filename) }, undefined);
    const [part] = partsOf(await text(encoded.body), encoded.contentType);
    expect(part!.head[0]).toBe(want);
  });

  it.each<[string, { headers: Record<string, string>; error: RegExp }]>([
    [
      'a value with a line break',
      { headers: { 'X-A': 'a\r\nX-B: b' }, error: /X-A holds a line break/ },
    ],
    [
      'a name that is not a token',
      { headers: { 'X A': '1' }, error: /invalid part header name X A/ },
    ],
  ])('refuses %s, naming the part', async (_name, { headers, error }) => {
    const file = await toFile('x', 'a.txt', { headers });
    expect(() => encodeMultipart({ file }, undefined)).toThrow(error);
    expect(() => encodeMultipart({ file }, undefined)).toThrow(/^body\.file: /);
  });

  it('refuses a part without a header the spec requires, before sending', () => {
    expect(() => encodeMultipart({ file: new Blob(['x']) }, encoding)).toThrow(
      /body\.file: the part needs the header X-Checksum/,
    );
  });

  it('streams a file part from a web stream or a Node-style iterable as it is read', async () => {
    let pulled = 0;
    async function* chunks() {
      for (const chunk of ['one ', 'two']) {
        pulled += 1;
        yield new TextEncoder().encode(chunk);
      }
    }
    const encoded = encodeMultipart(
      {
        log: Object.assign(chunks(), { path: '/var/log/app.log' }),
        web: new Blob(['web']).stream(),
        note: 'n',
      },
      { log: { contentType: 'text/plain' } },
    );
    expect(encoded.body).toBeInstanceOf(ReadableStream);
    expect(pulled).toBe(0);
    const parts = partsOf(await text(encoded.body), encoded.contentType);
    expect(pulled).toBe(2);
    expect(parts).toEqual([
      {
        head: [
          'Content-Disposition: form-data; name="log"; filename="app.log"',
          'Content-Type: text/plain',
        ],
        content: 'one two',
      },
      {
        head: [
          'Content-Disposition: form-data; name="web"; filename="blob"',
          'Content-Type: application/octet-stream',
        ],
        content: 'web',
      },
      { head: ['Content-Disposition: form-data; name="note"'], content: 'n' },
    ]);
  });

  it('encodeBody keeps FormData unless given the own encoder', () => {
    const plain = encodeBody({ body: { a: 'x' }, mediaType: 'multipart/form-data', encoding });
    expect(plain.body).toBeInstanceOf(FormData);
    expect(plain.contentType).toBeUndefined();
    const own = encodeBody({
      body: { a: 'x' },
      mediaType: 'multipart/form-data',
      multipart: encodeMultipart,
    });
    expect(own.body).toBeInstanceOf(Blob);
    expect(own.contentType).toMatch(/^multipart\/form-data; boundary=/);
  });
});

describe('over real HTTP', () => {
  it('sends part headers, a JSON part and an array of files; a plain server reads the raw bytes', async () => {
    server = await startServer(() => ({ status: 201, body: { ok: true } }));
    const runtime = createRuntime(api, { baseUrl: server.url });
    const file = await toFile('PNG', 'scan.png', { headers: { 'X-Checksum': 'abc' } });
    await runtime.call(upload, {
      body: {
        file,
        metadata: { title: 'Scan' },
        attachments: [new File(['a'], 'a.txt', { type: 'text/plain' }), new Blob(['%PDF'])],
      },
    });
    const [request] = server.requests;
    const contentType = request!.headers['content-type']!;
    expect(request!.headers['content-length']).toBe(String(Buffer.byteLength(request!.body)));
    expect(
      partsOf(request!.body, contentType).map((part) => [part.head.slice(1), part.content]),
    ).toEqual([
      [['Content-Type: image/png', 'X-Rate-Limit: 100', 'X-Checksum: abc'], 'PNG'],
      [['Content-Type: application/json'], '{"title":"Scan"}'],
      [['Content-Type: text/plain'], 'a'],
      [['Content-Type: application/octet-stream'], '%PDF'],
    ]);
  });

  it('sends a file from a stream without reading it first, half-duplex', async () => {
    server = await startServer(() => ({ status: 201, body: { ok: true } }));
    const runtime = createRuntime(api, { baseUrl: server.url });
    async function* chunks() {
      for (let index = 0; index < 64; index += 1) yield 'x'.repeat(1024);
    }
    // The spec requires X-Checksum on `file`: a bare stream carries no headers, so it is refused.
    await expect(
      runtime.call(upload, { body: { file: chunks(), metadata: { title: 'T' } } }),
    ).rejects.toThrow(/body\.file: the part needs the header X-Checksum/);
    expect(server.requests).toHaveLength(0);
    const lenient: OperationDefinition = {
      ...upload,
      requestBody: { ...upload.requestBody!, encoding: { file: { contentType: 'text/plain' } } },
    };
    await runtime.call(
      lenient,
      { body: { file: chunks(), metadata: { title: 'T' } } },
      {
        retry: false,
      },
    );
    const [request] = server.requests;
    // Streamed: chunked, no length known in advance.
    expect(request!.headers['transfer-encoding']).toBe('chunked');
    const [file] = partsOf(request!.body, request!.headers['content-type']!);
    expect(file!.head).toEqual([
      'Content-Disposition: form-data; name="file"; filename="blob"',
      'Content-Type: text/plain',
    ]);
    expect(file!.content).toBe('x'.repeat(64 * 1024));
  });

  it('the mock parses the parts with their headers, validates them, and refuses a missing one', async () => {
    const seen: MockRequest[] = [];
    const mock = createMock({
      api,
      operations: { upload },
      fixtures: {},
      handlers: {
        upload: (request) => {
          seen.push(request);
          return { status: 201, body: { ok: true } };
        },
      },
    });
    const url = await mock.listen();
    try {
      const runtime = createRuntime(api, { baseUrl: url });
      await runtime.call(upload, {
        body: {
          file: await toFile('PNG', 'scan.png', { headers: { 'X-Checksum': 'abc' } }),
          metadata: { title: 'Scan' },
          attachments: [new File(['a'], 'a.txt'), new File(['b'], 'b.txt')],
          note: 'x',
        },
      });
      const [request] = seen;
      const body = request!.body as Record<string, unknown>;
      expect(body.metadata).toEqual({ title: 'Scan' });
      expect(body.note).toBe('x');
      const file = body.file as File;
      expect([file.name, file.type, await file.text()]).toEqual(['scan.png', 'image/png', 'PNG']);
      expect((body.attachments as File[]).map((part) => part.name)).toEqual(['a.txt', 'b.txt']);
      expect(request!.parts!.map((part) => [part.name, part.filename])).toEqual([
        ['file', 'scan.png'],
        ['metadata', undefined],
        ['attachments', 'a.txt'],
        ['attachments', 'b.txt'],
        ['note', undefined],
      ]);
      expect(request!.parts![0]!.headers).toMatchObject({
        'content-type': 'image/png',
        'x-rate-limit': '100',
        'x-checksum': 'abc',
      });

      // A client that sends no X-Checksum (FormData): the mock answers 400 naming the part.
      const form = new FormData();
      form.append('file', new File(['PNG'], 'scan.png', { type: 'image/png' }));
      form.append('metadata', JSON.stringify({ title: 'T' }));
      const refused = await fetch(`${url}/uploads`, { method: 'POST', body: form });
      expect(refused.status).toBe(400);
      const problem = (await refused.json()) as { issues: { path: string; message: string }[] };
      expect(problem.issues).toEqual([
        {
          path: 'file',
          message: "the part lacks the header X-Checksum, which the spec's encoding requires",
        },
      ]);

      // A body that is not multipart, and a JSON part that does not parse.
      const broken = await fetch(`${url}/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=zz' },
        body: 'not multipart',
      });
      expect(broken.status).toBe(400);
      const badJson = await fetch(`${url}/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=zz' },
        body: '--zz\r\nContent-Disposition: form-data; name="metadata"\r\nContent-Type: application/json\r\n\r\n{oops\r\n--zz--\r\n',
      });
      expect(badJson.status).toBe(400);
      expect(((await badJson.json()) as { issues: unknown[] }).issues).toEqual([
        { path: 'metadata', message: 'is not valid JSON' },
      ]);
    } finally {
      await mock.close();
    }
  });

  it('validates a streamed file as a file before sending', async () => {
    server = await startServer(() => ({ status: 201, body: {} }));
    const runtime = createRuntime(api, { baseUrl: server.url });
    const error = await runtime
      .call(upload, { body: { file: new Blob(['x']).stream(), metadata: {} } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(String(error)).toMatch(/metadata\.title/);
    expect(String(error)).not.toMatch(/body\.file|\bfile\b: /);
    expect(server.requests).toHaveLength(0);
  });
});
