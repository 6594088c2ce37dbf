/**
 * Manual check (not a vitest file): for each spec given (a file or a spec folder), generates
 * `types.ts`, `zod.ts` and `zod-agreement.ts` into a temp dir and runs `tsc --noEmit --strict`
 * on them, printing per spec whether it compiles and how long tsc took.
 *
 *   npx tsx generator/test/emit/zod/corpus-check.ts test/corpus/*.{yaml,json} spec/actions-v2
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { typescriptTypesEmitter } from '../../../src/emit/typescript-types/index.js';
import { zodEmitter } from '../../../src/emit/zod/index.js';
import { loadSpec } from '../../../src/load/index.js';
import { buildModel } from '../../../src/model/index.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CONTEXT = { apiName: 'check', packageName: '@zapgen/check', runtimePackage: '@zapgen/runtime', specLabel: 'check', specHash: '' };
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  },
  include: ['src'],
};

async function check(spec: string): Promise<void> {
  const label = path.basename(spec);
  const { document, findings } = loadSpec(spec);
  if (!document) {
    console.log(`${label}\tnot loaded\t${findings.map((finding) => finding.message).join('; ')}`);
    return;
  }
  const model = buildModel(document);
  const dir = mkdtempSync(path.join(tmpdir(), `zod-${label}-`));
  mkdirSync(path.join(dir, 'src'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  const files = [...(await typescriptTypesEmitter.emit(model, CONTEXT)), ...(await zodEmitter.emit(model, CONTEXT))];
  for (const file of files) writeFileSync(path.join(dir, file.path), file.contents);
  const start = performance.now();
  let result = 'compiles';
  try {
    execFileSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', dir], { encoding: 'utf8', stdio: 'pipe', maxBuffer: 1 << 28 });
  } catch (error) {
    const output = String((error as { stdout?: string }).stdout ?? error);
    const errors = output.split('\n').filter((line) => line.includes('error TS'));
    const outside = errors.filter((line) => !line.includes('zod-agreement.ts'));
    result = `${errors.length} errors (${outside.length} outside zod-agreement.ts)\n  ${[...outside, ...errors].slice(0, 8).join('\n  ')}`;
  }
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  console.log(`${label}\t${model.schemas.length} schemas\t${model.operations.length} operations\ttsc ${seconds}s\t${result}\t${dir}`);
}

for (const spec of process.argv.slice(2)) await check(spec);
