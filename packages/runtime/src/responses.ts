/** Which of an operation's documented responses describes a status. */
import type { OperationDefinition, ResponseDefinition } from './definition.js';

/** The response definition for a status: exact, then `4XX`-style ranges, then `default`. */
export function responseFor(
  operation: OperationDefinition,
  status: number,
): ResponseDefinition | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  return (
    operation.responses.find((response) => response.status === exact) ??
    operation.responses.find((response) => response.status.toUpperCase() === range) ??
    operation.responses.find((response) => response.status === 'default')
  );
}
