import type { OperationDefinition, Validator } from './definition.js';

/** The validators of one operation, as the zod emitter writes them. */
export interface OperationValidators {
  parameters?: Validator | undefined;
  body?: Validator | undefined;
  responses?: Partial<Record<string, Validator | undefined>>;
}

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
  const { parameters, body, responses } = validators;
  return {
    ...route,
    ...(route.requestBody !== undefined && body !== undefined
      ? { requestBody: { ...route.requestBody, validator: body } }
      : {}),
    responses: route.responses.map((response) => {
      const validator = responses?.[response.status];
      return validator === undefined ? response : { ...response, body: validator };
    }),
    ...(parameters === undefined ? {} : { parameterValidator: parameters }),
  };
}
