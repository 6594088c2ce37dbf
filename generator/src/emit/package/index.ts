import type { Emitter } from '../emitter.js';
import { indexTs } from './index-ts.js';
import { packageJson } from './package-json.js';
import { readme } from './readme.js';
import { tsconfigJson } from './tsconfig.js';

/** The package around the generated code: `package.json`, `tsconfig.json`, `src/index.ts`, `README.md`, `CHANGELOG.md`. */
export const packageEmitter: Emitter = {
  name: 'package',
  emit: (model, context) => [
    { path: 'package.json', contents: packageJson(model, context) },
    { path: 'tsconfig.json', contents: tsconfigJson() },
    { path: 'src/index.ts', contents: indexTs(context) },
    { path: 'README.md', contents: readme(model, context) },
    { path: 'CHANGELOG.md', contents: context.release.changelog },
  ],
};
