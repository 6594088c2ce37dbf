/**
 * The modules of openapi-typescript that the equivalence tests import directly (its package exports `./*`).
 * Its entry point also loads Redocly's whole bundling and linting toolchain (about 150 ms of every
 * run), which zapgen does not use: it bundles with swagger-parser and calls the transform on the
 * bundled document. These modules import only Redocly's `ref-utils`. Their types are the entry
 * point's, which ships the only declarations.
 */
declare module 'openapi-typescript/dist/transform/index.mjs' {
  export { transformSchema as default } from 'openapi-typescript';
}
declare module 'openapi-typescript/dist/lib/utils.mjs' {
  export { resolveRef, scanDiscriminators } from 'openapi-typescript';
}
declare module 'openapi-typescript/dist/lib/ts.mjs' {
  export { astToString, UNKNOWN } from 'openapi-typescript';
}
