/**
 * Watch mode's session (issue 24): `zapgen generate --watch` runs every edit in one long-lived
 * `GenerationSession`, which keeps the previous package, its model and spec hash, and each file's
 * emitted and formatted text. After every edit of a sequence, the package it wrote must be, byte
 * for byte, what a run computing everything writes (`check` without memo or session, released
 * against the same previous package), and the session must have reused its kept work.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { check, generate } from '../../src/pipeline.js';
import { openWatchSession, type GenerationSession } from '../../src/session.js';
import { edits, start, type Document } from './edits.js';

describe('a watch session over a sequence of edits', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'zapgen-session-'));
  const spec = path.join(folder, 'openapi.json');
  const out = path.join(folder, 'package');
  const document: Document = structuredClone(start);
  let session: GenerationSession;
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The package on disk is what a run without anything kept writes, against the same release base. */
  async function expectFullRunBytes(): Promise<void> {
    const { drift } = await check({
      spec,
      out,
      apiName: 'pets',
      memo: false,
      previous: session.previous!,
    });
    expect(drift.patch).toBe('');
    expect(drift.files).toEqual([]);
  }

  it('starts from a package generated before the watch', async () => {
    writeFileSync(spec, JSON.stringify(document, null, 2));
    await generate({ spec, out, apiName: 'pets', memo: false });
    session = openWatchSession(out);
    expect(session.previous?.version).toBe('1.0.0');
    // What watch mode does while it waits for the first change.
    session.prepareBase();
    expect(session.hits.get('base-model')).toBeUndefined();
  });

  it.each(edits)('after an edit (%s), writes what a full run writes', async (_name, edit) => {
    edit(document);
    writeFileSync(spec, JSON.stringify(document, null, 2));
    await generate({ spec, out, apiName: 'pets', session });
    await expectFullRunBytes();
  });

  it("answers a save that left the spec's bytes as they were with the last run", async () => {
    const reused = session.hits.get('run') ?? 0;
    const memoSize = session.memo!.size;
    writeFileSync(spec, JSON.stringify(document, null, 2));
    const { files } = await generate({ spec, out, apiName: 'pets', session });
    expect(files.written).toBe(0);
    expect(session.hits.get('run')).toBe(reused + 1);
    // The run looked nothing up: the memo keeps what the next edit reuses.
    expect(session.memo!.size).toBe(memoSize);
    await expectFullRunBytes();
  });

  it('writes a hand-edited file again as generated, though the session holds its text', async () => {
    const client = path.join(out, 'src/client.ts');
    const generated = readFileSync(client, 'utf8');
    writeFileSync(client, `${generated}// a hand edit\n`);
    const reused = session.hits.get('run') ?? 0;
    const { files } = await generate({ spec, out, apiName: 'pets', session });
    // The spec is as the last run read it: its result is written again, not the run redone.
    expect(session.hits.get('run')).toBe(reused + 1);
    expect(files.written).toBe(1);
    expect(readFileSync(client, 'utf8')).toBe(generated);
  });

  it('knows the files it wrote by their stamps, and still finds a hand edit that keeps the size', async () => {
    // Files written less than a second ago are read again (their times could be a later
    // write's): the run after this wait records every file, the next one reads none.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await generate({ spec, out, apiName: 'pets', session });
    const known = session.hits.get('on-disk') ?? 0;
    const { files } = await generate({ spec, out, apiName: 'pets', session });
    expect(files).toMatchObject({ written: 0, deleted: 0 });
    expect(session.hits.get('on-disk')).toBe(known + files.unchanged);
    const client = path.join(out, 'src/client.ts');
    const generated = readFileSync(client, 'utf8');
    const edited = generated.replace(/export/, 'exporT');
    expect(edited.length).toBe(generated.length);
    writeFileSync(client, edited);
    const again = await generate({ spec, out, apiName: 'pets', session });
    expect(again.files.written).toBe(1);
    expect(readFileSync(client, 'utf8')).toBe(generated);
    await expectFullRunBytes();
  });

  it('does not take a file edited after the write compared it for the generated one', async () => {
    // A large write compares a file, then spends more than a second on the others: an edit made
    // in between is settled by the time the session records the files. The status from before
    // the compare is what the session keeps, so it finds the edit.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const client = path.join(out, 'src/client.ts');
    const generated = readFileSync(client, 'utf8');
    const beforeCompare = statSync(client, { bigint: true });
    writeFileSync(client, generated.replace(/export/, 'exporT'));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    session.recordOnDisk(
      out,
      [{ path: 'src/client.ts', contents: generated }],
      new Map([[client, beforeCompare]]),
    );
    const { files } = await generate({ spec, out, apiName: 'pets', session });
    expect(files.written).toBe(1);
    expect(readFileSync(client, 'utf8')).toBe(generated);
  });

  it("runs again when the options change, though the spec's bytes did not", async () => {
    const reused = session.hits.get('run') ?? 0;
    const { drift } = await check({ spec, out, apiName: 'pets', packageName: 'pets-sdk', session });
    expect(session.hits.get('run')).toBe(reused);
    expect(drift.files).toContain('package.json');
    // And the run of the package's own options is the one kept now: run anew, nothing drifts.
    const again = await check({ spec, out, apiName: 'pets', session });
    expect(again.drift.files).toEqual([]);
  });

  it('released the whole session against the package it started from, once', () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')) as {
      version: string;
    };
    // The edits remove a parameter and an operation: one major release over 1.0.0.
    expect(manifest.version).toBe('2.0.0');
    const changelog = readFileSync(path.join(out, 'CHANGELOG.md'), 'utf8');
    expect(changelog.match(/^## /gm)).toHaveLength(2);
  });

  it('reused the formatted files, the base model and its spec hash, and the memo', () => {
    expect(session.hits.get('formatted')).toBeGreaterThan(0);
    // The runs that found the spec's bytes as the session's last run read them: the same bytes
    // saved again, the hand edit, the three runs of the stamps' test and the run after the edit
    // made during a write.
    expect(session.hits.get('run')).toBe(6);
    // Built before the first edit: found by every run that diffed against it, the edits but
    // the first (the spec as generated) and the two checks with other options.
    expect(session.hits.get('base-model')).toBe(edits.length - 1 + 2);
    expect(session.hits.get('spec-hash')).toBeGreaterThan(edits.length - 3);
    expect(session.memo?.hits.get('fixtures-component')).toBeGreaterThan(0);
    expect(session.memo?.hits.get('verify-section')).toBeGreaterThan(0);
    // The fixtures' entries an edit did not reach, printed by an earlier run of the session.
    expect(session.kept?.hits.get('fixtures-entry')).toBeGreaterThan(0);
  });
});

describe('a watch session over a spec of several files', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'zapgen-session-files-'));
  const spec = path.join(folder, 'openapi.json');
  const schemas = path.join(folder, 'schemas.json');
  const out = path.join(folder, 'package');
  const document: Document = structuredClone(start);
  const shared: Document = { NewPet: document.components.schemas.NewPet };
  document.components.schemas.NewPet = { $ref: './schemas.json#/NewPet' };
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('runs again when only a referenced file changed, and writes what a full run writes', async () => {
    writeFileSync(spec, JSON.stringify(document));
    writeFileSync(schemas, JSON.stringify(shared));
    await generate({ spec, out, apiName: 'pets', memo: false });
    const session = openWatchSession(out);
    await generate({ spec, out, apiName: 'pets', session });
    shared.NewPet.properties.age = { type: 'integer', minimum: 0 };
    writeFileSync(schemas, JSON.stringify(shared));
    const { files } = await generate({ spec, out, apiName: 'pets', session });
    expect(session.hits.get('run')).toBeUndefined();
    expect(files.written).toBeGreaterThan(0);
    const { drift } = await check({
      spec,
      out,
      apiName: 'pets',
      memo: false,
      previous: session.previous!,
    });
    expect(drift.files).toEqual([]);
  });
});

describe('a watch session over a spec naming a file that is not there yet', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'zapgen-session-missing-'));
  const spec = path.join(folder, 'openapi.json');
  const example = path.join(folder, 'pet.json');
  const out = path.join(folder, 'package');
  const document: Document = structuredClone(start);
  document.paths['/pets'].post.responses['201'].content['application/json'].examples = {
    created: { value: { $ref: './pet.json' } },
  };
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const unreadable = (warnings: { rule: string; message: string }[]) =>
    warnings.some(
      (warning) => warning.rule === 'example-ref' && warning.message.includes('cannot be read'),
    );

  it('runs again when the file appears, though no file it read has changed', async () => {
    writeFileSync(spec, JSON.stringify(document));
    await generate({ spec, out, apiName: 'pets', memo: false });
    const session = openWatchSession(out);
    const before = await generate({ spec, out, apiName: 'pets', session });
    expect(unreadable(before.warnings)).toBe(true);
    writeFileSync(example, JSON.stringify({ id: 1, name: 'Rex' }));
    const after = await generate({ spec, out, apiName: 'pets', session });
    expect(session.hits.get('run')).toBeUndefined();
    expect(unreadable(after.warnings)).toBe(false);
    const { drift } = await check({
      spec,
      out,
      apiName: 'pets',
      memo: false,
      previous: session.previous!,
    });
    expect(drift.files).toEqual([]);
  });
});
