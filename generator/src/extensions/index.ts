/**
 * The `x-zapgen-*` extensions of spec/README.md: where each may stand, and the one schema that
 * describes it. The linter reports what does not fit a schema (`problemsOf`, rule
 * `extension-shape`); the model reads what fits (`readWith`) and leaves the rest out, so the two
 * can never disagree on what an extension says.
 */
import { mockDocument, mockOperation } from './mock.js';
import {
  cache,
  idempotency,
  keyPrefix,
  pagination,
  polling,
  rules,
  stability,
  webhookEvent,
  webhookSignature,
} from './operation.js';

export { problemsOf, readWith, type Problem } from './kit.js';
export type { MockDeclaration, MockDocumentDeclaration } from './mock.js';
export { PARAMETER_LOCATIONS, type ParameterRule } from './operation.js';

/** On the document (beside `paths`). */
export const DOCUMENT_EXTENSIONS = { 'x-zapgen-mock': mockDocument } as const;

/** On an operation. */
export const OPERATION_EXTENSIONS = {
  'x-zapgen-rules': rules,
  'x-zapgen-stability': stability,
  'x-zapgen-cache': cache,
  'x-zapgen-pagination': pagination,
  'x-zapgen-polling': polling,
  'x-zapgen-mock': mockOperation,
  'x-zapgen-idempotency': idempotency,
  'x-zapgen-webhook-signature': webhookSignature,
  'x-zapgen-webhook-event': webhookEvent,
} as const;

/** On a parameter. */
export const PARAMETER_EXTENSIONS = { 'x-zapgen-key-prefix': keyPrefix } as const;
