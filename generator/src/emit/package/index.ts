import type { Emitter } from '../emitter.js';
import { indexTs, INDEX_MODULE } from './index-ts.js';
import { packageJson } from './package-json.js';
import { readme } from './readme.js';
import { tsconfigJson } from './tsconfig.js';

/** The package around the generated code: `package.json`, `tsconfig.json`, `src/index.ts`, `README.md`, `CHANGELOG.md`. */
export const packageEmitter: Emitter = {
  name: 'package',
  provides: [
    { id: 'package.json', file: 'package.json', subpath: './package.json', exports: [] },
    { id: 'tsconfig.json', file: 'tsconfig.json', exports: [] },
    INDEX_MODULE,
    { id: 'readme', file: 'README.md', exports: [] },
    { id: 'changelog', file: 'CHANGELOG.md', exports: [] },
  ],
  needs: ['client', 'definitions', 'types', 'bin'],
  emit: (model, context) => [
    { path: 'package.json', contents: packageJson(model, context) },
    { path: 'tsconfig.json', contents: tsconfigJson() },
    { path: INDEX_MODULE.file, contents: indexTs(context) },
    { path: 'README.md', contents: readme(model, context) },
    { path: 'CHANGELOG.md', contents: context.release.changelog },
  ],
};
