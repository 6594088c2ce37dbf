import type { OperationDefinition, OperationValidators } from './definition.js';

export type { OperationValidators };

/**
 * An operation's definition with its validators: the route (what goes on the wire, in
 * `routes.ts`) plus the zod validators of its parameters, body and responses. Generated
 * `definitions.ts` files build every definition this way, so that the drop-in client
 * (`./fetch`) can import the routes without any validator.
 */
export function withValidators(
  route: OperationDefinition,
  validators: OperationValidators,
): OperationDefinition {
  const { parameters, body, responses, items } = validators;
  // The result has its validators: it needs no loader of them.
  const { validators: _loader, ...wire } = route;
  return {
    ...wire,
    ...(route.requestBody !== undefined && body !== undefined
      ? { requestBody: { ...route.requestBody, validator: body } }
      : {}),
    responses: route.responses.map((response) => {
      const validator = responses?.[response.status];
      const item = items?.[response.status];
      return {
        ...response,
        ...(validator === undefined ? {} : { body: validator }),
        ...(item === undefined || response.stream === undefined
          ? {}
          : { stream: { ...response.stream, items: item } }),
      };
    }),
    ...(parameters === undefined ? {} : { parameterValidator: parameters }),
  };
}
