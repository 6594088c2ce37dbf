/** Public API of `@zapgen/generator`. */
export { main } from './cli.js';
export {
  apiNameOf,
  check,
  generate,
  RUNTIME_PACKAGE,
  SpecError,
  validate,
  type CheckSummary,
  type GenerateOptions,
  type GenerateSummary,
  type Timings,
  type ValidateSummary,
} from './pipeline.js';
export {
  formatFinding,
  hasErrors,
  lintRules,
  loadSpec,
  validateSpec,
  type Finding,
  type LintRule,
  type LoadedSpec,
  type Severity,
  type SourceLocation,
} from './load/index.js';
export type { Drift, OutputFile, WriteCounts } from './write/index.js';
export type { EmitContext, EmittedFile, Emitter } from './emit/index.js';
export type { ApiModel } from './model/index.js';
export {
  defineConfig,
  type ApiConfig,
  type FilterConfig,
  type HttpMethod,
  type IncludeExclude,
  type TransformersConfig,
  type ZapgenConfig,
} from './config/types.js';
