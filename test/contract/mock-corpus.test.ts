/**
 * The mock is generic: the golden package of a third-party spec (Redocly's museum, test/corpus)
 * simulates its special events from the paths alone (no x-zapgen-mock), through its own generated
 * client: what was created is read back, updated, listed and deleted, and scopes of http basic
 * credentials are checked against the credentials table.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

// The golden sources, copied under the repository (so that `@zapgen/runtime` resolves) but away
// from the golden folder's tsconfig, whose references only hold inside a generated workspace.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
mkdirSync(join(root, '.tmp'), { recursive: true });
const copy = mkdtempSync(join(root, '.tmp', 'mock-corpus-'));
cpSync(join(root, 'test/golden/redocly-museum/src'), copy, { recursive: true });
afterAll(() => rmSync(copy, { recursive: true, force: true }));
const { createClient } = (await import(
  join(copy, 'client.ts')
)) as typeof import('../golden/redocly-museum/src/client.js');
const { createMock } = (await import(
  join(copy, 'mock.ts')
)) as typeof import('../golden/redocly-museum/src/mock.js');

const mock = createMock({ credentials: { apiKeys: { 'curator:secret': {} } } });
const client = createClient({
  fetch: mock.fetch,
  credentials: { MuseumPlaceholderAuth: 'curator:secret' },
  validation: { response: 'strict' },
});
const event = {
  name: 'Night at the museum',
  location: 'Hall 1',
  eventDescription: 'After hours.',
  dates: ['2030-01-01'],
  price: 25,
};

describe('a corpus spec simulated from its paths (redocly museum)', () => {
  test('seeded from the fixtures, then create, read, update, list and delete are consistent', async () => {
    const seeded = await client.listSpecialEvents();
    expect(seeded).toHaveLength(3);
    const created = await client.createSpecialEvent({ body: event });
    expect(created).toMatchObject({ ...event, eventId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await client.getSpecialEvent({ path: { eventId: created.eventId! } })).toEqual(created);
    const updated = await client.updateSpecialEvent({
      path: { eventId: created.eventId! },
      body: { price: 30 },
    });
    expect(updated).toEqual({ ...created, price: 30 });
    expect((await client.listSpecialEvents()).map((item) => item.eventId)).toContain(
      created.eventId,
    );
    await client.deleteSpecialEvent({ path: { eventId: created.eventId! } });
    await expect(
      client.getSpecialEvent({ path: { eventId: created.eventId! } }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await client.listSpecialEvents()).toHaveLength(3);
  });

  test("unknown basic credentials are refused with 401 in the spec's error schema", async () => {
    const stranger = createClient({
      fetch: mock.fetch,
      credentials: { MuseumPlaceholderAuth: 'guest:guess' },
    });
    await expect(stranger.listSpecialEvents()).rejects.toMatchObject({ status: 401 });
  });
});
