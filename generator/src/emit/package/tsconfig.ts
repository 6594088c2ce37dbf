/**
 * `tsconfig.json` of the generated package.
 *
 * Standalone rather than extending the repo's `tsconfig.base.json`: the emitter does not know
 * where the package is written (the corpus checks write to temporary folders), and a generated
 * package must build the same anywhere. The options mirror the base config (strict, NodeNext,
 * `noUncheckedIndexedAccess`, `verbatimModuleSyntax`). It has no project references: the runtime
 * is a dependency resolved from `node_modules` (built, with its declarations), wherever the
 * package is; a workspace that builds both lists the runtime first in its own solution config.
 */
export function tsconfigJson(): string {
  const config = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noUncheckedIndexedAccess: true,
      noImplicitOverride: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      skipLibCheck: true,
      forceConsistentCasingInFileNames: true,
      declaration: true,
      declarationMap: true,
      sourceMap: true,
      composite: true,
      newLine: 'lf',
      types: [],
      rootDir: 'src',
      outDir: 'dist',
    },
    include: ['src'],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
