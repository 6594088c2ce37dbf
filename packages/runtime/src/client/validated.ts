/**
 * Validators on demand: a client sends each operation's route (no validator, no zod) and, the
 * first time it validates that operation, loads the operation's own validators
 * (`route.validators()`, a module per operation in a generated package) and the validation
 * functions (`./call-validation.js`; zod's messages load with the first failure). A bundler makes
 * each a chunk of its own, so a bundle of one operation holds that operation's validators only,
 * and only once they are used.
 */
import type { OperationDefinition } from '../definition.js';
import type * as Validation from './call-validation.js';

/** What loading sets on a client's call context. */
export interface ValidationHolder {
  validation?: typeof Validation;
}

/** Each route with its validators, once loaded (routes are shared by every client). */
const loaded = new WeakMap<OperationDefinition, OperationDefinition>();
const loading = new WeakMap<OperationDefinition, Promise<OperationDefinition>>();
let validationModule: Promise<typeof Validation> | undefined;

/**
 * The operation with its validators, and the validation functions set on `holder`: at once when
 * both are loaded (every call after the first), else a promise of them. An operation without a
 * loader is used as it is (a definition that carries its validators, or one a user built).
 */
export function validatedOperation(
  holder: ValidationHolder,
  operation: OperationDefinition,
): OperationDefinition | Promise<OperationDefinition> {
  const full = operation.validators === undefined ? operation : loaded.get(operation);
  if (full !== undefined && holder.validation !== undefined) return full;
  return load(holder, operation);
}

/** The validation functions, loaded once (`withValidators` with them: nothing else needs it). */
function validationFunctions(): Promise<typeof Validation> {
  return (validationModule ??= import('./call-validation.js'));
}

/** The operation's validators, loaded once; a load that failed (offline) is tried again. */
function validatorsOf(operation: OperationDefinition): Promise<OperationDefinition> {
  const loader = operation.validators;
  if (loader === undefined) return Promise.resolve(operation);
  let pending = loading.get(operation);
  if (pending === undefined) {
    pending = Promise.all([loader(), validationFunctions()]).then(
      ([validators, { withValidators }]) => {
        const full = withValidators(operation, validators);
        loaded.set(operation, full);
        return full;
      },
      (error: unknown) => {
        loading.delete(operation);
        throw error;
      },
    );
    loading.set(operation, pending);
  }
  return pending;
}

async function load(
  holder: ValidationHolder,
  operation: OperationDefinition,
): Promise<OperationDefinition> {
  const [full, validation] = await Promise.all([validatorsOf(operation), validationFunctions()]);
  holder.validation = validation;
  return full;
}
