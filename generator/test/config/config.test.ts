import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, findConfigFile, loadConfig } from '../../src/config/load.js';
import { singleQuoted } from '../../src/commands/init.js';
import { resolveConfig } from '../../src/config/validate.js';
import { configTargets, optionsKey, refreshTarget } from '../../src/commands/config-targets.js';
import { displayPath } from '../../src/load/source-file.js';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'zapgen-config-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

async function problemsOf(file: string, text: string): Promise<string[]> {
  writeFileSync(path.join(folder, file), text);
  try {
    await loadConfig(path.join(folder, file));
  } catch (error) {
    if (error instanceof ConfigError)
      return error.problems.map((line) => line.replace(displayPath(folder), '<dir>'));
    throw error;
  }
  return [];
}

describe('resolveConfig: every problem names its option', () => {
  const cases: [string, { given: unknown; want: string[] }][] = [
    ['not an object', { given: [], want: ['(default export): must be an object'] }],
    ['no apis', { given: {}, want: ['apis: must be a non-empty list'] }],
    [
      'unknown top-level option',
      {
        given: { apis: [{ spec: 's', output: 'o' }], api: [] },
        want: ['api: is not an option here'],
      },
    ],
    [
      'spec and output required',
      { given: { apis: [{}] }, want: ['apis[0].spec: is required', 'apis[0].output: is required'] },
    ],
    [
      'a typo in an API',
      {
        given: { apis: [{ spec: 's', output: 'o', outDir: 'x' }] },
        want: ['apis[0].outDir: is not an option here'],
      },
    ],
    [
      'bad package name',
      {
        given: { apis: [{ spec: 's', output: 'o', packageName: 'Not Valid' }] },
        want: ['apis[0].packageName: "Not Valid" is not a valid npm package name'],
      },
    ],
    [
      'two APIs, one output',
      {
        given: {
          apis: [
            { spec: 'a.yaml', output: 'o' },
            { spec: 'b.yaml', output: './o' },
          ],
        },
        want: ['apis[1].output: is the same output as apis[0].output'],
      },
    ],
    [
      'two APIs, one name',
      {
        given: {
          apis: [
            { spec: 'a/openapi.yaml', output: 'o1' },
            { spec: 'a.yaml', output: 'o2' },
          ],
        },
        want: ['apis[1].name: is the same name as apis[0].name'],
      },
    ],
    [
      'overlays, names and namespaces',
      {
        given: {
          apis: [
            {
              spec: 's',
              output: 'o',
              overlays: 'o.yaml',
              names: { functions: 'snake' },
              namespaces: {
                from: 'tag',
                operations: { listPets: 'pets', getPet: ['pets.get', ''] },
              },
            },
          ],
        },
        want: [
          "apis[0].names.functions: must be 'camelCase' or a function",
          "apis[0].namespaces.from: must be 'tags', 'paths' or a function",
          'apis[0].namespaces.operations["listPets"]: must be "<namespace>.<method>"',
          'apis[0].namespaces.operations["getPet"]: must be "<namespace>.<method>"',
          'apis[0].overlays: must be a list of overlay files',
        ],
      },
    ],
    [
      'readWrite is shared or split',
      {
        given: { apis: [{ spec: 's', output: 'o', readWrite: 'both' }] },
        want: [`apis[0].readWrite: must be 'shared' (one type per schema, the default) or 'split'`],
      },
    ],
    [
      'transformers not an object',
      {
        given: { apis: [{ spec: 's', output: 'o', transformers: true }] },
        want: ['apis[0].transformers: must be an object ({ dates?: boolean, bigint?: boolean })'],
      },
    ],
    [
      'transformers: a typo and a string for a boolean',
      {
        given: {
          apis: [{ spec: 's', output: 'o', transformers: { dates: 'iso', bigInt: true } }],
        },
        want: [
          'apis[0].transformers.bigInt: is not an option here (expected one of dates, bigint)',
          'apis[0].transformers.dates: must be true or false, not "iso"',
        ],
      },
    ],
    [
      'specRoot not a string',
      {
        given: { apis: [{ spec: 's', output: 'o', specRoot: ['.'] }] },
        want: ['apis[0].specRoot: must be a non-empty string'],
      },
    ],
    [
      'specRoot a folder that does not hold the spec',
      {
        given: { apis: [{ spec: '../elsewhere/openapi.yaml', output: 'o', specRoot: '.' }] },
        want: ['apis[0].specRoot: <dir>/ does not hold the spec '],
      },
    ],
    [
      'specRoot a folder that does not exist',
      {
        given: { apis: [{ spec: 'spec/a/openapi.yaml', output: 'o', specRoot: 'nowhere' }] },
        want: [
          'apis[0].specRoot: <dir>/nowhere/ does not exist; it must be a folder that holds the spec',
        ],
      },
    ],
    [
      'filter not an object',
      {
        given: { apis: [{ spec: 's', output: 'o', filter: 'tags' }] },
        want: ['apis[0].filter: must be an object'],
      },
    ],
    [
      'filter lists',
      {
        given: {
          apis: [
            {
              spec: 's',
              output: 'o',
              filter: {
                tags: ['a'],
                methods: { include: ['fetch'] },
                paths: { exclude: ['pets/*', 3] },
                deprecated: 'no',
                tag: {},
              },
            },
          ],
        },
        want: [
          'apis[0].filter.tag: is not an option here',
          'apis[0].filter.deprecated: must be true or false',
          'apis[0].filter.tags: must be an object ({ include?: [...], exclude?: [...] })',
          'apis[0].filter.paths.exclude[0]: "pets/*" must start with "/"',
          'apis[0].filter.paths.exclude[1]: must be a non-empty string',
          'apis[0].filter.methods.include[0]: "fetch" is not an HTTP method',
        ],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const result = resolveConfig({ value: given, folder });
    expect('problems' in result).toBe(true);
    const problems =
      'problems' in result
        ? result.problems.map((problem) =>
            `${problem.option}: ${problem.message}`.replaceAll(displayPath(folder), '<dir>'),
          )
        : [];
    expect(problems).toHaveLength(want.length);
    want.forEach((start, index) => expect(problems[index]).toContain(start));
  });

  it("keeps readWrite: 'split' and leaves the default 'shared' out (so that it keys nothing)", () => {
    const result = resolveConfig({
      value: {
        apis: [
          { name: 'a', spec: 'a.yaml', output: 'a', readWrite: 'split' },
          { name: 'b', spec: 'b.yaml', output: 'b', readWrite: 'shared' },
        ],
      },
      folder,
    });
    expect('apis' in result && result.apis.map((api) => api.readWrite)).toEqual([
      'split',
      undefined,
    ]);
  });

  it('keeps the transformers that are on, and none when every one is off', () => {
    const resolved = (transformers: unknown) => {
      const result = resolveConfig({
        value: { apis: [{ spec: 's', output: 'o', transformers }] },
        folder,
      });
      return 'apis' in result ? result.apis[0]!.transformers : result.problems;
    };
    expect(resolved({ dates: true, bigint: false })).toEqual({ dates: true });
    expect(resolved({ dates: true, bigint: true })).toEqual({ dates: true, bigint: true });
    expect(resolved({ dates: false })).toBeUndefined();
    expect(resolved({})).toBeUndefined();
  });

  it('resolves specRoot against the config folder, as spec and overlays are', () => {
    mkdirSync(path.join(folder, 'sub', 'spec'), { recursive: true });
    const result = resolveConfig({
      value: { apis: [{ spec: 'spec/pets/openapi.yaml', output: 'out', specRoot: 'spec' }] },
      folder: path.join(folder, 'sub'),
    });
    expect('apis' in result && result.apis[0]!.specRoot).toBe(path.join(folder, 'sub', 'spec'));
  });

  it('resolves paths against the config folder and fills the defaults', () => {
    const result = resolveConfig({
      value: {
        apis: [
          { spec: 'spec/pets/openapi.yaml', output: 'out/pets' },
          { name: 'x', spec: 'y.json', output: 'z', packageName: '@a/b' },
        ],
      },
      folder: path.join(folder, 'sub'),
    });
    expect(result).toEqual({
      apis: [
        {
          name: 'pets',
          spec: path.join(folder, 'sub/spec/pets/openapi.yaml'),
          out: path.join(folder, 'sub/out/pets'),
          packageName: '@zapgen/pets',
        },
        {
          name: 'x',
          spec: path.join(folder, 'sub/y.json'),
          out: path.join(folder, 'sub/z'),
          packageName: '@a/b',
        },
      ],
    });
  });
});

describe('specRoot: --spec-root stands over the config, also when watch reads it again', () => {
  // The spec is api/spec/openapi.yaml; the config's root is api/spec, then saved as api.
  const cases: [
    string,
    { given: { flag?: string }; want: { first: string; refreshed: string } },
  ][] = [
    [
      'the config alone: a saved edit is the new root',
      { given: {}, want: { first: 'api/spec', refreshed: 'api' } },
    ],
    [
      '--spec-root: kept over the config, before and after an edit',
      { given: { flag: '.' }, want: { first: '.', refreshed: '.' } },
    ],
  ];
  it.each(cases)('%s', async (_name, { given, want }) => {
    mkdirSync(path.join(folder, 'api', 'spec'), { recursive: true });
    const file = path.join(folder, 'zapgen.config.json');
    const write = (specRoot: string) =>
      writeFileSync(
        file,
        JSON.stringify({ apis: [{ spec: 'api/spec/openapi.yaml', output: 'out', specRoot }] }),
      );
    const shown = (target: { specRoot?: string }) =>
      path.relative(folder, path.resolve(target.specRoot!)) || '.';
    write('api/spec');
    const targets = await configTargets({
      config: file,
      ...(given.flag !== undefined && { specRoot: path.join(folder, given.flag) }),
    });
    const [target] = targets as Exclude<typeof targets, string | undefined>;
    expect(shown(target!)).toBe(want.first);
    write('api');
    const refreshed = await refreshTarget(target!);
    if (refreshed instanceof ConfigError) throw new Error(refreshed.problems.join('\n'));
    expect(shown(refreshed)).toBe(want.refreshed);
  });
});

describe('loadConfig', () => {
  it('finds zapgen.config.ts before .js and .json, and nothing where there is none', () => {
    expect(findConfigFile(folder)).toBeUndefined();
    writeFileSync(path.join(folder, 'zapgen.config.json'), '{}');
    writeFileSync(path.join(folder, 'zapgen.config.ts'), '');
    expect(findConfigFile(folder)).toBe(path.join(folder, 'zapgen.config.ts'));
  });

  const cases: [string, { given: [string, string]; want: string[] }][] = [
    [
      'TypeScript, with types, an import of defineConfig and a computed value',
      {
        given: [
          'zapgen.config.ts',
          `import type { ZapgenConfig } from '@zapgen/generator/config';
const methods: ('get' | 'post')[] = ['get'];
const config: ZapgenConfig = { apis: [{ spec: 'a.yaml', output: 'out', filter: { methods: { include: methods } } }] };
export default config;`,
        ],
        want: [],
      },
    ],
    [
      'ES module',
      {
        given: [
          'zapgen.config.mjs',
          `export default { apis: [{ spec: 'a.yaml', output: 'out' }] };`,
        ],
        want: [],
      },
    ],
    [
      'JSON',
      {
        given: ['zapgen.config.json', `{ "apis": [{ "spec": "a.yaml", "output": "out" }] }`],
        want: [],
      },
    ],
    [
      'a JSON problem is located at its option',
      {
        given: [
          'zapgen.config.json',
          `{\n  "apis": [\n    { "spec": "a.yaml", "output": "out",\n      "filter": { "methods": { "include": ["fetch"] } } }\n  ]\n}\n`,
        ],
        want: [
          '<dir>/zapgen.config.json:4:44: apis[0].filter.methods.include[0]: "fetch" is not an HTTP method',
        ],
      },
    ],
    [
      'a JSON transformers problem is located at its option',
      {
        given: [
          'zapgen.config.json',
          `{ "apis": [{ "spec": "a.yaml", "output": "out",\n  "transformers": { "bigint": "yes" } }] }`,
        ],
        want: [
          '<dir>/zapgen.config.json:2:21: apis[0].transformers.bigint: must be true or false, not "yes"',
        ],
      },
    ],
    [
      'TypeScript: typed transformers',
      {
        given: [
          'zapgen.config.ts',
          `import type { ZapgenConfig } from '@zapgen/generator/config';
export default { apis: [{ spec: 'a.yaml', output: 'out', transformers: { dates: true, bigint: false } }] } satisfies ZapgenConfig;`,
        ],
        want: [],
      },
    ],
    [
      'a missing JSON option is located at its object',
      {
        given: ['zapgen.config.json', `{ "apis": [ { "output": "out" } ] }`],
        want: ['<dir>/zapgen.config.json:1:13: apis[0].spec: is required'],
      },
    ],
    [
      'JSON syntax',
      {
        given: ['zapgen.config.json', `{ "apis": [], }`],
        want: ['<dir>/zapgen.config.json:1:15: PropertyNameExpected'],
      },
    ],
    [
      'a TypeScript problem names the file and the option',
      {
        given: [
          'zapgen.config.ts',
          `export default { apis: [{ spec: 'a.yaml', output: 1 as unknown }] };`,
        ],
        want: ['<dir>/zapgen.config.ts: apis[0].output: must be a non-empty string'],
      },
    ],
    [
      'TypeScript syntax is located',
      {
        given: ['zapgen.config.ts', `export default {\n  apis: [,\n};`],
        want: ['<dir>/zapgen.config.ts:3:1'],
      },
    ],
    [
      'no default export',
      {
        given: ['zapgen.config.mjs', `export const apis = [];`],
        want: ['<dir>/zapgen.config.mjs: has no default export'],
      },
    ],
    [
      'a config that throws',
      {
        given: ['zapgen.config.mjs', `throw new Error('no token');`],
        want: ['<dir>/zapgen.config.mjs: cannot be run: no token'],
      },
    ],
  ];
  it.each(cases)('%s', async (_name, { given: [file, text], want }) => {
    // The config imports @zapgen/generator as a user's does, from its own node_modules.
    mkdirSync(path.join(folder, 'node_modules/@zapgen'), { recursive: true });
    const problems = await problemsOf(file, text);
    expect(problems).toHaveLength(want.length);
    want.forEach((start, index) => expect(problems[index]).toContain(start));
    // Nothing is left beside the config (the transpiled module of a TypeScript config).
    expect(readdirSync(folder).sort()).toEqual(['node_modules', file]);
  });
});

describe('zapgen init: a path is always a string literal', () => {
  const cases: [string, { given: string; want: string }][] = [
    ['plain', { given: 'spec/a.yaml', want: `'spec/a.yaml'` }],
    ['single quote', { given: `it's.yaml`, want: `'it\\'s.yaml'` }],
    ['double quote', { given: 'a"b', want: `'a"b'` }],
    [
      'backslash then quote',
      { given: `a\\'); process.exit(1); ('`, want: `'a\\\\\\'); process.exit(1); (\\''` },
    ],
    ['new line and U+2028', { given: 'a\nb\u2028', want: `'a\\nb\u2028'` }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(singleQuoted(given)).toBe(want);
    // Read back as JavaScript, it is the same string.
    expect(new Function(`return ${singleQuoted(given)};`)()).toBe(given);
  });
});

describe('optionsKey: the run cache sees every option', () => {
  const target = { api: 'a', spec: 's', out: 'o', packageName: '@a/a' };
  it("readWrite 'split' is a different key; the default keeps the key runs were cached with", () => {
    expect(optionsKey(target)).toBe(
      '{"filter":null,"overlays":null,"names":null,"namespaces":null}',
    );
    expect(optionsKey({ ...target, readWrite: 'split' })).not.toBe(optionsKey(target));
  });

  it('a spec root is a different key, the same folder named from anywhere the same key', () => {
    const wider = optionsKey({ ...target, specRoot: folder });
    expect(wider).not.toBe(optionsKey(target));
    expect(optionsKey({ ...target, specRoot: path.relative(process.cwd(), folder) })).toBe(wider);
  });
});
