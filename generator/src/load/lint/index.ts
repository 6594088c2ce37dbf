/** The lint rules, in the order their findings are most useful to read. */
import { extensionReference } from './extension-reference.js';
import { extensionShape } from './extension-shape.js';
import { noUnreachableSchemas } from './no-unreachable-schemas.js';
import { operationIdPresent } from './operation-id-present.js';
import { operationSecured } from './operation-secured.js';
import { pathParameters } from './path-parameters.js';
import { patternBacktracking } from './pattern-backtracking.js';
import { resolvableRefs } from './resolvable-refs.js';
import type { LintRule } from './rule.js';
import { schemaDepth } from './schema-depth.js';
import { serverVariables, serverVariablesDeclared } from './server-variables.js';
import { uniqueOperationIds } from './unique-operation-ids.js';
import { uniqueParameters } from './unique-parameters.js';

export type { LintRule, Report } from './rule.js';

/** Every rule run by `zapgen validate` (and before `generate`). */
export const lintRules: readonly LintRule[] = [
  resolvableRefs,
  uniqueOperationIds,
  operationIdPresent,
  uniqueParameters,
  pathParameters,
  schemaDepth,
  patternBacktracking,
  serverVariables,
  serverVariablesDeclared,
  operationSecured,
  extensionShape,
  extensionReference,
  noUnreachableSchemas,
];
