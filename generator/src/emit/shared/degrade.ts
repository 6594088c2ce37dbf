/**
 * Failure made local: an emitter that cannot handle one schema or operation writes what it can
 * prove for that one (`z.unknown()`, no fixture) and records a degradation located by a pointer
 * into the bundled document; the pipeline prints it as a warning at the place in the spec. The
 * run goes on: an error of one construct never ends the generation of a valid document.
 */
import { operationPointer } from '../../json/pointer.js';

/** One construct an emitter wrote in a weaker form, and why. */
export interface Degradation {
  /** JSON pointer (`#/components/schemas/Pet`) of the construct in the bundled document. */
  pointer: string;
  emitter: string;
  message: string;
}

/** The degradations of one run (an emitter context without one lets errors through, as in unit tests). */
export class Degradations {
  readonly list: Degradation[] = [];

  /** `attempt()`, or `fallback()` with a recorded degradation when it throws. */
  guard<T>(
    where: { pointer: string; emitter: string; what: string },
    attempt: () => T,
    fallback: () => T,
  ): T {
    try {
      return attempt();
    } catch (error) {
      this.list.push({
        pointer: where.pointer,
        emitter: where.emitter,
        message: `the ${where.emitter} emitter cannot handle this construct, so ${where.what} (${firstLine(error)})`,
      });
      return fallback();
    }
  }
}

/** `attempt()` guarded by `degradations` when there are any, else as is. */
export function guarded<T>(
  degradations: Degradations | undefined,
  where: { pointer: string; emitter: string; what: string },
  attempt: () => T,
  fallback: () => T,
): T {
  return degradations ? degradations.guard(where, attempt, fallback) : attempt();
}

/**
 * `guarded` for the part of a per-operation emitter (validators, definitions, client) that one
 * operation needs: what it cannot write degrades that operation alone, located at
 * `#/paths/<path>/<method>`.
 */
export function guardedOperation<T>(
  degradations: Degradations | undefined,
  where: { operation: { path: string; method: string }; emitter: string; what: string },
  attempt: () => T,
  fallback: () => T,
): T {
  const { operation, emitter, what } = where;
  return guarded(
    degradations,
    { pointer: operationPointer(operation), emitter, what },
    attempt,
    fallback,
  );
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 300);
}
