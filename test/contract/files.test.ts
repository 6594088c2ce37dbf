/**
 * Files through a generated package over real HTTP (a loopback server that records what it gets):
 * a multipart upload whose parts the spec's `encoding` types (files from `toFile` and from disk,
 * arrays of files, a JSON part), an `application/octet-stream` upload from a stream, downloads as
 * a Blob, bytes or a stream chosen per call, and 200 MB each way without holding the body. Part
 * headers (`encoding.<part>.headers`) and a JSON part that is no file are checked in the raw bytes.
 * Spec: `test/fixtures/generality/files-multipart-encoding-uploads-and-downloads.yaml`.
 */
import { mkdirSync, mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from '../../generator/src/pipeline.js';
import { toFile } from '../../packages/runtime/src/index.js';
import { typecheck, type TscResult } from '../support/contract-helpers.js';

type Call = (args?: unknown, options?: Record<string, unknown>) => Promise<any>;
interface Package {
  createClient(options: Record<string, unknown>): Record<string, Call>;
}
interface MockModule {
  createMock(options?: Record<string, unknown>): {
    fetch: typeof fetch;
  };
}

/** A strict consumer: files where the spec has binaries, results typed by `parseAs`. */
const CONSUMER = `import { toFile } from '@zapgen/runtime';
import { createClient } from './index.js';
const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
export async function consume(bytes: Uint8Array, stream: ReadableStream<Uint8Array>) {
  const file = await toFile(bytes, 'a.png', { type: 'image/png' });
  const stored = await client.uploadDocument({
    body: { file, attachments: [file, new Blob(['x'])], metadata: { title: 't' } },
  });
  const id: string = stored.id;
  await client.putBlob({ path: { name: 'n' }, body: stream });
  await client.uploadDocument({ body: { file: stream, attachments: [stream, file], metadata: { title: 't' } } });
  const blob: Blob = await client.getBlob({ path: { name: 'n' } });
  const body: ReadableStream<Uint8Array> = await client.getBlob({ path: { name: 'n' } }, { parseAs: 'stream' });
  const buffer: ArrayBuffer = await client.getBlob({ path: { name: 'n' } }, { parseAs: 'arrayBuffer' });
  // @ts-expect-error: a stream is not a Blob
  const wrong: Blob = await client.getBlob({ path: { name: 'n' } }, { parseAs: 'stream' });
  // @ts-expect-error: metadata is an object, not a file
  await client.uploadDocument({ body: { file, metadata: new Blob(['{}']) } });
  return [id, blob, body, buffer, wrong];
}
`;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SPEC = join(
  root,
  'test/fixtures/generality/files-multipart-encoding-uploads-and-downloads.yaml',
);
mkdirSync(join(root, '.tmp'), { recursive: true });
const out = mkdtempSync(join(root, '.tmp', 'files-'));
const MB = 1024 * 1024;
const CHUNK = new Uint8Array(MB).fill(7);

let sdk: Package;
let mockModule: MockModule;
let compiled: TscResult;
let baseUrl: string;
let server: ReturnType<typeof createServer>;
const received: {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  form?: FormData;
  /** The multipart body as sent (small uploads only). */
  raw?: string;
  bytes: number;
}[] = [];

/** Answers the three operations; parses multipart with the platform's own `formData()`. */
async function handle(request: IncomingMessage, response: ServerResponse) {
  const url = request.url ?? '/';
  if (request.method === 'GET') {
    const size = (url.endsWith('/big') ? 200 : 1) * MB;
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'x-request-id': 'dl' });
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += MB;
        if (!response.write(CHUNK)) return void response.once('drain', pump);
      }
      response.end();
    };
    return pump();
  }
  if (request.method === 'PUT') {
    let bytes = 0;
    for await (const chunk of request) bytes += (chunk as Buffer).length;
    received.push({ method: 'PUT', url, headers: request.headers, bytes });
    return void response.writeHead(204).end();
  }
  if (request.headers['x-count-only'] !== undefined) {
    let bytes = 0;
    for await (const chunk of request) bytes += (chunk as Buffer).length;
    received.push({ method: 'POST', url, headers: request.headers, bytes });
    response.writeHead(201, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify({ id: 'big', parts: [] }));
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const form = await new Request('http://x', {
    method: 'POST',
    headers: { 'content-type': request.headers['content-type']! },
    body: raw,
  }).formData();
  received.push({
    method: 'POST',
    url,
    headers: request.headers,
    form,
    raw: raw.toString('latin1'),
    bytes: raw.length,
  });
  response.writeHead(201, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ id: 'doc_1', parts: [...form.keys()] }));
}

beforeAll(async () => {
  await generate({ spec: SPEC, out });
  writeFileSync(join(out, 'src/consumer.ts'), CONSUMER);
  compiled = await typecheck({ dir: out });
  sdk = (await import(join(out, 'src/index.ts'))) as Package;
  mockModule = (await import(join(out, 'src/mock.ts'))) as MockModule;
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server?.closeAllConnections();
  server?.close();
  rmSync(out, { recursive: true, force: true });
});

/** Reads a stream to its end, sampling the heap; the largest growth seen, in MB. */
async function drain(
  stream: ReadableStream<Uint8Array>,
): Promise<{ bytes: number; heapMb: number }> {
  const start = process.memoryUsage();
  let peak = 0;
  let bytes = 0;
  // A reader rather than `for await`: the DOM lib of TypeScript 5 gives ReadableStream no iterator.
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    bytes += chunk.byteLength;
    const now = process.memoryUsage();
    peak = Math.max(peak, now.heapUsed + now.arrayBuffers - start.heapUsed - start.arrayBuffers);
  }
  return { bytes, heapMb: peak / MB };
}

describe('files through a generated client', () => {
  test('a strict consumer compiles: Blobs for binary properties, results typed by parseAs', () => {
    expect(compiled.diagnostics).toBe('');
  });

  test('multipart: each part as the spec’s encoding says, files from toFile and from disk', async () => {
    const dir = mkdtempSync(join(out, 'upload-'));
    writeFileSync(join(dir, 'scan.png'), new Uint8Array([137, 80, 78, 71]));
    const client = sdk.createClient({ baseUrl });
    const fromDisk = new File([await openAsBlob(join(dir, 'scan.png'))], 'scan.png');
    const stored = await client.uploadDocument!({
      body: {
        file: fromDisk,
        attachments: [
          await toFile('hello', 'a.txt', { type: 'text/plain' }),
          await toFile(new Uint8Array([1, 2]), 'b.bin'),
        ],
        metadata: { title: 'Scan', tags: ['x'] },
        note: 'plain',
      },
    });
    expect(stored).toEqual({
      id: 'doc_1',
      parts: ['file', 'attachments', 'attachments', 'metadata', 'note'],
    });
    const form = received.at(-1)!.form!;
    const file = form.get('file') as File;
    // The part's content type comes from the spec's encoding (the file gave none).
    expect([file.name, file.type, file.size]).toEqual(['scan.png', 'image/png', 4]);
    const attachments = form.getAll('attachments') as File[];
    expect(attachments.map((part) => [part.name, part.type])).toEqual([
      ['a.txt', 'text/plain'],
      ['b.bin', 'application/octet-stream'],
    ]);
    // The JSON part is a field, not a file named "blob": FormData could not send it so.
    expect(JSON.parse(form.get('metadata') as string)).toEqual({ title: 'Scan', tags: ['x'] });
    expect(form.get('note')).toBe('plain');
    // The part headers, which the platform's formData() does not show, in the raw bytes.
    const { raw } = received.at(-1)!;
    const boundary = /boundary=(\S+)/.exec(received.at(-1)!.headers['content-type']!)![1]!;
    expect(boundary).toMatch(/^----zapgen[0-9a-f]{32}$/);
    expect(raw).toContain(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.png"\r\nContent-Type: image/png\r\nX-Rate-Limit: 100\r\n\r\n`,
    );
    expect(raw).toContain(
      `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\nContent-Type: application/json\r\n\r\n{"title":"Scan","tags":["x"]}\r\n`,
    );
    expect(raw!.endsWith(`--${boundary}--\r\n`)).toBe(true);
    // A header given with the file wins over the spec's default.
    await client.uploadDocument!({
      body: {
        file: await toFile('x', 'x.png', { headers: { 'X-Rate-Limit': '5' } }),
        metadata: { title: 'T' },
      },
    });
    expect(received.at(-1)!.raw).toContain('Content-Type: image/png\r\nX-Rate-Limit: 5\r\n\r\nx');
  });

  test('a 100 MB multipart file from a Node stream, sent as it is read', async () => {
    const client = sdk.createClient({ baseUrl, timeoutMs: 5_000 });
    async function* chunks() {
      for (let i = 0; i < 100; i += 1) yield CHUNK;
    }
    const before = process.memoryUsage();
    await client.uploadDocument!(
      { body: { file: chunks(), metadata: { title: 'Big' } } },
      { retry: false, headers: { 'x-count-only': '1' } },
    );
    const after = process.memoryUsage();
    const sent = received.at(-1)!;
    expect(sent.bytes).toBeGreaterThan(100 * MB);
    expect(sent.bytes).toBeLessThan(100 * MB + 1024);
    expect(sent.headers['transfer-encoding']).toBe('chunked');
    expect(
      (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / MB,
    ).toBeLessThan(64);
  });

  test('downloads as a Blob by default, or as bytes or a stream chosen per call', async () => {
    const client = sdk.createClient({ baseUrl });
    const blob = await client.getBlob!({ path: { name: 'a' } });
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.size).toBe(MB);
    const bytes = await client.getBlob!({ path: { name: 'a' } }, { parseAs: 'arrayBuffer' });
    expect(bytes).toBeInstanceOf(ArrayBuffer);
    const stream = await client.getBlob!({ path: { name: 'a' } }, { parseAs: 'stream' });
    expect(stream).toBeInstanceOf(ReadableStream);
    expect((await drain(stream)).bytes).toBe(MB);
    await expect(client.getBlob!({ path: { name: 'a' } }, { parseAs: 'strem' })).rejects.toThrow(
      /parseAs \(options\): must be one of/,
    );
  });

  test('200 MB down and 200 MB up (from a Node stream) without holding the body', async () => {
    const client = sdk.createClient({ baseUrl, timeoutMs: 5_000 });
    const download = await client.getBlob!({ path: { name: 'big' } }, { parseAs: 'stream' });
    const down = await drain(download);
    expect(down.bytes).toBe(200 * MB);
    expect(down.heapMb).toBeLessThan(64);

    const before = process.memoryUsage();
    async function* chunks() {
      for (let i = 0; i < 200; i += 1) yield CHUNK;
    }
    await client.putBlob!({ path: { name: 'big' }, body: chunks() }, { retry: false });
    const after = process.memoryUsage();
    const put = received.at(-1)!;
    expect(put.bytes).toBe(200 * MB);
    expect(put.headers['content-type']).toBe('application/octet-stream');
    expect(
      (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / MB,
    ).toBeLessThan(64);
  });

  test('the mock parses multipart uploads, takes file bodies and serves downloads', async () => {
    const seen: unknown[] = [];
    const seenRequests: unknown[] = [];
    const mock = mockModule.createMock({
      handlers: {
        uploadDocument: (request: { body: Record<string, unknown> }) => {
          const { body } = request;
          seen.push(body);
          seenRequests.push(request);
          return { status: 201, body: { id: 'm1', parts: Object.keys(body) } };
        },
      },
    });
    const client = sdk.createClient({ fetch: mock.fetch, validation: { response: 'strict' } });
    const file = await toFile(new Uint8Array([1, 2, 3]), 'a.png');
    const stored = await client.uploadDocument!({
      body: { file, attachments: [file, file], metadata: { title: 'T' } },
    });
    expect(stored).toEqual({ id: 'm1', parts: ['file', 'attachments', 'metadata'] });
    const body = seen[0] as { file: File; attachments: File[]; metadata: unknown };
    expect([body.file.name, body.file.type, body.file.size]).toEqual(['a.png', 'image/png', 3]);
    const { parts } = (seenRequests[0] ?? {}) as {
      parts?: { name: string; headers: Record<string, string> }[];
    };
    expect(parts?.[0]).toMatchObject({ name: 'file', headers: { 'x-rate-limit': '100' } });
    expect(body.attachments).toHaveLength(2);
    expect(body.metadata).toEqual({ title: 'T' });
    await expect(
      client.putBlob!({ path: { name: 'n' }, body: new Uint8Array([0, 255, 254]) }),
    ).resolves.toBeUndefined();
    const download = await client.getBlob!({ path: { name: 'n' } });
    expect(download).toBeInstanceOf(Blob);
    expect(await download.text()).toBe('zapgen mock getBlob\n');
  });
});
