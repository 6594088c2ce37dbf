/**
 * Versions and changelogs across generations: the first one, repeated ones, a package of an
 * earlier zapgen, a package whose openapi.json is gone, versions before 1.0.0, and the drift
 * check when the spec changed but the version did not.
 */
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { check } from '../../src/pipeline.js';
import { bumpVersion } from '../../src/release/index.js';
import {
  edited,
  generateRelease,
  petsSpec,
  readPackage,
  RELEASE_OPTIONS,
  writeSpec,
  type Doc,
} from './support.js';

describe('bumpVersion', () => {
  const cases: [string, { given: [string, 'major' | 'minor' | 'patch']; want: string }][] = [
    ['breaking', { given: ['1.4.2', 'major'], want: '2.0.0' }],
    ['addition', { given: ['1.4.2', 'minor'], want: '1.5.0' }],
    ['other', { given: ['1.4.2', 'patch'], want: '1.4.3' }],
    ['breaking before 1.0.0 bumps the minor', { given: ['0.3.1', 'major'], want: '0.4.0' }],
    ['addition before 1.0.0', { given: ['0.3.1', 'minor'], want: '0.4.0' }],
    ['other before 1.0.0', { given: ['0.3.1', 'patch'], want: '0.3.2' }],
    [
      'a prerelease of a major is released as it',
      { given: ['2.0.0-beta.3', 'major'], want: '2.0.0' },
    ],
    ['a prerelease of a patch, patched', { given: ['2.1.4-rc.1', 'patch'], want: '2.1.4' }],
  ];
  test.each(cases)('%s', (_name, { given: [version, level], want }) => {
    expect(bumpVersion({ version, level })).toBe(want);
  });
});

let dir: string;
let spec: string;
let out: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'zapgen-release-'));
  out = path.join(dir, 'pkg');
  spec = writeSpec({ dir: path.join(dir, 'spec'), doc: petsSpec() });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const removeTag = (doc: Doc) => delete doc.components.schemas.Pet.properties.tag;
const addAge = (doc: Doc) => (doc.components.schemas.Pet.properties.age = { type: 'integer' });
const manifestPath = () => path.join(out, 'package.json');
const manifest = () => JSON.parse(readFileSync(manifestPath(), 'utf8')) as Record<string, any>;

describe('generate: the version moves once per spec change', () => {
  test('a first generation starts at 1.0.0 and a changelog, and records the spec hash', async () => {
    const summary = await generateRelease({ spec, out });
    expect(summary.release).toMatchObject({ version: '1.0.0', changes: [] });
    expect(summary.release.previousVersion).toBeUndefined();
    expect(manifest()).toMatchObject({
      version: '1.0.0',
      zapgen: { apiVersion: '1.0.0', specHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(readPackage(out).changelog).toContain(
      '## 1.0.0\n\nFirst version of this changelog: Pets 1.0.0, 4 operations, 4 component schemas.',
    );
  });

  test('generating again without a spec change writes the same bytes', async () => {
    await generateRelease({ spec, out });
    const before = readPackage(out);
    const again = await generateRelease({ spec, out });
    expect(again.release).toMatchObject({
      version: '1.0.0',
      previousVersion: '1.0.0',
      changes: [],
    });
    expect(again.release.level).toBeUndefined();
    expect(again.files.written).toBe(0);
    expect(readPackage(out)).toEqual(before);
  });

  test('each spec change is one release, newest first; regenerating does not bump again', async () => {
    await generateRelease({ spec, out });
    writeSpec({ dir: path.join(dir, 'spec'), doc: edited(petsSpec(), addAge) });
    expect((await generateRelease({ spec, out })).release.version).toBe('1.1.0');
    expect((await generateRelease({ spec, out })).release.version).toBe('1.1.0');
    writeSpec({ dir: path.join(dir, 'spec'), doc: edited(edited(petsSpec(), addAge), removeTag) });
    expect((await generateRelease({ spec, out })).release.version).toBe('2.0.0');
    const { changelog } = readPackage(out);
    const headings = [...changelog.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(['2.0.0', '1.1.0', '1.0.0']);
    expect(changelog).toContain(
      '- Pet: property `tag` removed (`response-property-removed`); used by `createPet`, `getPet`, `listPets`',
    );
    expect(changelog).toContain(
      '- Pet: optional property `age` added (`response-optional-property-added`); used by `createPet`, `getPet`, `listPets`',
    );
  });

  test('a version set by hand before 1.0.0 bumps its minor for a breaking change', async () => {
    await generateRelease({ spec, out });
    writeFileSync(manifestPath(), JSON.stringify({ ...manifest(), version: '0.3.0' }));
    writeSpec({ dir: path.join(dir, 'spec'), doc: edited(petsSpec(), removeTag) });
    expect((await generateRelease({ spec, out })).release).toMatchObject({
      previousVersion: '0.3.0',
      version: '0.4.0',
      level: 'major',
    });
  });

  test('a missing openapi.json with an unchanged spec (the hash says so): nothing to release', async () => {
    await generateRelease({ spec, out });
    unlinkSync(path.join(out, 'openapi.json'));
    expect((await generateRelease({ spec, out })).release).toMatchObject({
      version: '1.0.0',
      changes: [],
    });
  });

  test('a missing openapi.json with a changed spec: the changes are unknown, so a breaking release that says so', async () => {
    await generateRelease({ spec, out });
    unlinkSync(path.join(out, 'openapi.json'));
    writeSpec({ dir: path.join(dir, 'spec'), doc: edited(petsSpec(), addAge) });
    const summary = await generateRelease({ spec, out });
    expect(summary.release).toMatchObject({
      previousVersion: '1.0.0',
      version: '2.0.0',
      level: 'major',
      changes: [],
    });
    expect(readPackage(out).changelog).toContain(
      '(openapi.json) is missing, so the changes since 1.0.0 are not known: this release counts as breaking.',
    );
  });

  describe('a package generated by an earlier zapgen (no spec hash recorded)', () => {
    const older = (version: string) => {
      const { zapgen: _zapgen, ...rest } = manifest();
      writeFileSync(manifestPath(), JSON.stringify({ ...rest, version }));
      unlinkSync(path.join(out, 'CHANGELOG.md'));
    };
    const cases: [
      string,
      {
        given: { version: string; edit?: (doc: Doc) => void };
        want: { version: string; previousVersion?: string };
      },
    ][] = [
      [
        'same spec: keeps its version and starts the changelog',
        { given: { version: '2.3.0' }, want: { version: '2.3.0' } },
      ],
      [
        'same spec, 0.0.0 (the placeholder for a non-semver info.version): starts at 1.0.0',
        { given: { version: '0.0.0' }, want: { version: '1.0.0' } },
      ],
      [
        'changed spec: bumps from its version',
        {
          given: { version: '2.3.0', edit: removeTag },
          want: { version: '3.0.0', previousVersion: '2.3.0' },
        },
      ],
    ];
    test.each(cases)('%s', async (_name, { given, want }) => {
      await generateRelease({ spec, out });
      older(given.version);
      if (given.edit)
        writeSpec({ dir: path.join(dir, 'spec'), doc: edited(petsSpec(), given.edit) });
      const summary = await generateRelease({ spec, out });
      expect(summary.release).toMatchObject(want);
      expect(manifest()).toMatchObject({
        version: want.version,
        zapgen: { specHash: expect.any(String) },
      });
      expect(readPackage(out).changelog).toMatch(
        new RegExp(`^## ${want.version.replace(/\./g, '\\.')}$`, 'm'),
      );
    });
  });
});

describe('check: the version and the changelog must follow the spec', () => {
  const run = () => check({ spec, out, ...RELEASE_OPTIONS });

  test('a spec change not generated yet is drift in package.json and CHANGELOG.md', async () => {
    await generateRelease({ spec, out });
    writeSpec({ dir: path.join(dir, 'spec'), doc: edited(petsSpec(), removeTag) });
    const summary = await run();
    expect(summary.drift.files).toEqual(
      expect.arrayContaining(['CHANGELOG.md', 'openapi.json', 'package.json']),
    );
    expect(summary.drift.patch).toContain('-  "version": "1.0.0",\n+  "version": "2.0.0",');
    expect(summary.release).toMatchObject({ previousVersion: '1.0.0', version: '2.0.0' });
  });

  test('a package whose openapi.json follows the spec but whose version does not is still drift', async () => {
    await generateRelease({ spec, out });
    writeSpec({ dir: path.join(dir, 'spec'), doc: edited(petsSpec(), removeTag) });
    // As if the new openapi.json had been copied in by hand, or written by a zapgen without versions.
    const generated = path.join(dir, 'fresh');
    await generateRelease({ spec, out: generated });
    writeFileSync(
      path.join(out, 'openapi.json'),
      readFileSync(path.join(generated, 'openapi.json')),
    );
    const summary = await run();
    expect(summary.drift.files).toEqual(expect.arrayContaining(['CHANGELOG.md', 'package.json']));
    expect(summary.drift.files).not.toContain('openapi.json');
    // That openapi.json is not the spec 1.0.0 was computed from: what changed is unknown.
    expect(summary.release).toMatchObject({
      previousVersion: '1.0.0',
      version: '2.0.0',
      level: 'major',
    });
    expect(summary.drift.patch).toContain('(openapi.json) is not the one 1.0.0 was computed from');
  });

  test('after generate, check is clean and stays clean', async () => {
    await generateRelease({ spec, out });
    writeSpec({ dir: path.join(dir, 'spec'), doc: edited(petsSpec(), removeTag) });
    await generateRelease({ spec, out });
    expect((await run()).drift.files).toEqual([]);
    expect((await run()).drift.files).toEqual([]);
  });
});
