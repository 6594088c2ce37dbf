/** The module builder: every emitter's imports, re-exports and statements, printed one way. */
import { describe, expect, test } from 'vitest';
import { emitters, ModuleRegistry } from '../../../src/emit/index.js';
import { ModuleBuilder } from '../../../src/emit/shared/module.js';

describe('module builder', () => {
  const cases: [string, { build: (module: ModuleBuilder) => ModuleBuilder; want: string }][] = [
    [
      'a name imported twice is printed once; values before types of one source',
      {
        build: (module) =>
          module
            .import('pkg', ['Thing'], { type: true })
            .import('pkg', ['make', 'make'])
            .import('pkg', ['Thing', 'Other'], { type: true }),
        want: 'import { make } from "pkg";\nimport type { Other, Thing } from "pkg";\n\nbody;\n',
      },
    ],
    [
      'packages, then relative specifiers, each sorted; a namespace first',
      {
        build: (module) =>
          module
            .import('./b.js', ['x'])
            .import('b', ['x'])
            .import('./a.js', ['y', 'X'])
            .importNamespace('a', 'z', { type: true })
            .import('a', ['y']),
        want: 'import type * as z from "a";\nimport { y } from "a";\nimport { x } from "b";\nimport { X, y } from "./a.js";\nimport { x } from "./b.js";\n\nbody;\n',
      },
    ],
    [
      'an empty list of names imports nothing',
      { build: (module) => module.import('pkg', []), want: 'body;\n' },
    ],
    [
      'aliases, local exports, re-exports after the imports',
      {
        build: (module) =>
          module
            .import('pkg', ['make as makeOf'])
            .exportLocal(['makeOf'])
            .reexportAll('./all.js')
            .reexport('pkg', ['Kind'], { type: true }),
        want: 'import { make as makeOf } from "pkg";\n\nexport { makeOf };\nexport type { Kind } from "pkg";\nexport * from "./all.js";\n\nbody;\n',
      },
    ],
    [
      'a preamble before the imports',
      {
        build: (module) => module.prepend('#!/usr/bin/env node').import('cli', ['run']),
        want: '#!/usr/bin/env node\nimport { run } from "cli";\n\nbody;\n',
      },
    ],
    [
      'a specifier is a string literal, whatever a config names the package',
      {
        build: (module) => module.import('evil";\nprocess.exit(1);//</script>', ['x']),
        want: 'import { x } from "evil\\";\\nprocess.exit(1);//<\\/script>";\n\nbody;\n',
      },
    ],
  ];
  test.each(cases)('%s', (_name, { build, want }) => {
    expect(build(new ModuleBuilder()).text(['body;', ''])).toBe(want);
  });

  const refused: [string, (module: ModuleBuilder) => unknown][] = [
    ['a name that is not an identifier', (module) => module.import('pkg', ['a, b'])],
    ['code as a name', (module) => module.import('pkg', ['x } from "y"; //'])],
    ['an alias that is not an identifier', (module) => module.import('pkg', ['a as b c'])],
    ['a namespace that is not an identifier', (module) => module.importNamespace('pkg', '*')],
    ['a module of the package without the registry', (module) => module.specifier('types')],
  ];
  test.each(refused)('refuses %s', (_name, build) => {
    expect(() => build(new ModuleBuilder())).toThrow();
  });

  test("the package's modules come from the registry, which checks the declared names", () => {
    const modules = ModuleRegistry.of(emitters);
    const module = new ModuleBuilder({ modules, id: 'swr' }).importModule(
      'routes',
      ['routes', 'listPetsRoute'],
      { declared: ['routes'] },
    );
    expect(module.text([])).toBe('import { listPetsRoute, routes } from "./routes.js";\n');
    expect(() => module.importModule('routes', ['x'], { declared: ['notExported'] })).toThrow(
      /does not declare the export notExported/,
    );
  });
});
