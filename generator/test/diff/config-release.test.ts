/**
 * A change of the config's surface (names, namespaces, readWrite, transformers) is released like a change of
 * the spec: renaming a method breaks its callers, so it bumps the major version and says so in
 * the changelog; an alias added beside the old name is an addition; the same config again does
 * not bump; `check` reports the config edit not generated yet as drift of the version.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { check } from '../../src/pipeline.js';
import { surfaceChanges, type SurfaceRecord } from '../../src/release/surface.js';
import { generateRelease, petsSpec, readPackage, RELEASE_OPTIONS, writeSpec } from './support.js';

describe('surfaceChanges', () => {
  const ops = new Set(['listPets', 'getPet']);
  const cases: [
    string,
    { before?: SurfaceRecord; after?: SurfaceRecord; want: [string, string][] },
  ][] = [
    ['no config either time', { want: [] }],
    [
      'a namespace replaces the flat client method: breaking',
      {
        after: { methods: { listPets: ['client.pets.list'] } },
        want: [
          ['major', '`listPets`: its default function and client method → `client.pets.list`'],
        ],
      },
    ],
    [
      'an alias added beside the old one: an addition',
      {
        before: { methods: { listPets: ['client.pets.list'] } },
        after: { methods: { listPets: ['client.pets.list', 'client.pets.all'] } },
        want: [['minor', '`listPets`: `client.pets.list` → `client.pets.list`, `client.pets.all`']],
      },
    ],
    [
      'a function renamed: breaking',
      {
        before: { methods: { getPet: ['fn:getPet'] } },
        after: { methods: { getPet: ['fn:retrievePet'] } },
        want: [['major', '`getPet`: `getPet` → `retrievePet`']],
      },
    ],
    [
      'an operation the spec removed is the spec change, not the config one',
      { before: { methods: { deletePet: ['client.pets.delete'] } }, want: [] },
    ],
    [
      'readWrite switched on',
      { after: { readWrite: 'split' }, want: [['major', "readWrite 'shared' → 'split'"]] },
    ],
    [
      'transformers.dates switched on',
      {
        after: { transformers: { dates: true } },
        want: [
          ['major', 'transformers.dates off → on: `date-time`/`date` string values are `Date`'],
        ],
      },
    ],
    [
      'transformers.bigint switched off, dates kept',
      {
        before: { transformers: { dates: true, bigint: true } },
        after: { transformers: { dates: true } },
        want: [['major', 'transformers.bigint on → off: `bigint` values are `int64` number']],
      },
    ],
    [
      'the same transformers: nothing',
      {
        before: { transformers: { bigint: true } },
        after: { transformers: { bigint: true } },
        want: [],
      },
    ],
  ];
  test.each(cases)('%s', (_name, { before, after, want }) => {
    const got = surfaceChanges({ before, after, operations: ops });
    expect(got.map((change) => [change.level, change.message])).toHaveLength(want.length);
    want.forEach(([level, message], index) => {
      expect(got[index]!.level).toBe(level);
      expect(got[index]!.message).toContain(message);
    });
  });
});

let dir: string;
let spec: string;
let out: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'zapgen-config-release-'));
  out = path.join(dir, 'pkg');
  spec = writeSpec({ dir: path.join(dir, 'spec'), doc: petsSpec() });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const namespaced = { namespaces: { operations: { listPets: 'pets.list' } } };
const manifest = () =>
  JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')) as Record<string, any>;

describe('generate: a config change of the surface is a release', () => {
  test('renaming through the config bumps the major once and names the method', async () => {
    await generateRelease({ spec, out });
    expect(manifest().zapgen.surface).toBeUndefined();
    const renamed = await generateRelease({ spec, out, options: namespaced });
    expect(renamed.release).toMatchObject({ version: '2.0.0', level: 'major' });
    const { changelog } = readPackage(out);
    expect(changelog).toContain('from a change of the config (the spec is the same)');
    expect(changelog).toMatch(
      /`listPets`: its default function and client method → `client\.pets\.list`/,
    );
    expect(manifest().zapgen.surface).toEqual({ methods: { listPets: ['client.pets.list'] } });
    // The same config again: nothing to release.
    const again = await generateRelease({ spec, out, options: namespaced });
    expect(again.release.version).toBe('2.0.0');
    // An alias beside the name: an addition.
    const alias = await generateRelease({
      spec,
      out,
      options: { namespaces: { operations: { listPets: ['pets.list', 'pets.all'] } } },
    });
    expect(alias.release).toMatchObject({ version: '2.1.0', level: 'minor' });
  });

  test('readWrite: split on a spec without readOnly or writeOnly changes nothing', async () => {
    await generateRelease({ spec, out });
    const split = await generateRelease({ spec, out, options: { readWrite: 'split' } });
    expect(split.release.version).toBe('1.0.0');
    expect(manifest().zapgen.surface).toBeUndefined();
  });

  test('readWrite: split is a breaking release; check shows it as drift before generate', async () => {
    const doc = petsSpec();
    doc.components.schemas.Pet.properties.id.readOnly = true;
    spec = writeSpec({ dir: path.join(dir, 'spec'), doc });
    await generateRelease({ spec, out });
    const drift = await check({ spec, out, ...RELEASE_OPTIONS, readWrite: 'split' });
    expect(drift.drift.files).toContain('package.json');
    expect(drift.drift.patch).toContain('+  "version": "2.0.0",');
    const split = await generateRelease({ spec, out, options: { readWrite: 'split' } });
    expect(split.release).toMatchObject({ version: '2.0.0', level: 'major' });
    expect(manifest().zapgen.surface).toEqual({ readWrite: 'split' });
    const clean = await check({ spec, out, ...RELEASE_OPTIONS, readWrite: 'split' });
    expect(clean.drift.files).toEqual([]);
  });
});

describe('generate: a transformers switch is a release', () => {
  test('an option that converts nothing of the spec changes nothing', async () => {
    await generateRelease({ spec, out });
    const before = readFileSync(path.join(out, 'package.json'), 'utf8');
    const on = await generateRelease({
      spec,
      out,
      options: { transformers: { dates: true, bigint: true } },
    });
    expect(on.release.version).toBe('1.0.0');
    expect(readFileSync(path.join(out, 'package.json'), 'utf8')).toBe(before);
  });

  test('dates on, then bigint too, then both off: a major each time, with its changelog line', async () => {
    const doc = petsSpec();
    doc.components.schemas.Pet.properties.born = { type: 'string', format: 'date' };
    doc.components.schemas.Pet.properties.id.format = 'int64';
    spec = writeSpec({ dir: path.join(dir, 'spec'), doc });
    await generateRelease({ spec, out });
    expect(manifest().zapgen.surface).toBeUndefined();

    const dates = { transformers: { dates: true } };
    const drift = await check({ spec, out, ...RELEASE_OPTIONS, ...dates });
    expect(drift.drift.patch).toContain('+  "version": "2.0.0",');
    const on = await generateRelease({ spec, out, options: dates });
    expect(on.release).toMatchObject({ version: '2.0.0', level: 'major' });
    expect(manifest().zapgen.surface).toEqual({ transformers: { dates: true } });
    expect(readPackage(out).changelog).toContain(
      'transformers.dates off → on: `date-time`/`date` string values are `Date` now',
    );
    expect((await check({ spec, out, ...RELEASE_OPTIONS, ...dates })).drift.files).toEqual([]);
    // The same options again: nothing to release.
    expect((await generateRelease({ spec, out, options: dates })).release.version).toBe('2.0.0');

    const both = await generateRelease({
      spec,
      out,
      options: { transformers: { dates: true, bigint: true } },
    });
    expect(both.release.version).toBe('3.0.0');
    expect(manifest().zapgen.surface).toEqual({ transformers: { dates: true, bigint: true } });
    expect(readPackage(out).changelog).toContain('transformers.bigint off → on');

    const off = await generateRelease({ spec, out });
    expect(off.release.version).toBe('4.0.0');
    expect(manifest().zapgen.surface).toBeUndefined();
    const { changelog } = readPackage(out);
    expect(changelog).toContain('transformers.dates on → off');
    expect(changelog).toContain('transformers.bigint on → off');
  });
});
