import type { OperationDefinition, Validator } from './definition.js';

/** The validators of one operation, as the zod emitter writes them. */
export interface OperationValidators {
  parameters?: Validator | undefined;
  body?: Validator | undefined;
  responses?: Partial<Record<string, Validator | undefined>>;
  /** Validators of one item of streamed responses (events, JSON lines), by status. */
  items?: Partial<Record<string, Validator | undefined>>;
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
  const { parameters, body, responses, items } = validators;
  return {
    ...route,
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
