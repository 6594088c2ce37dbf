/**
 * Form fields (`application/x-www-form-urlencoded`, `multipart/form-data`) arrive as strings:
 * the mock reads them back as the values the body schema names (integers, numbers, booleans,
 * arrays of them) before it validates the body, as it reads query parameters. Files and parts
 * parsed as JSON are left as they are; a field that does not fit its type stays a string, for
 * the validator to name.
 */
import type { OperationDefinition, ValueShape } from '../definition.js';
import { ownValue, setOwn } from '../own.js';
import { coerce, exactIntegers } from './deserialize.js';

/** Whether the request's media type is a form, whose fields are strings on the wire. */
export function isFormMediaType(mediaType: string): boolean {
  return mediaType === 'application/x-www-form-urlencoded' || mediaType === 'multipart/form-data';
}

function fieldValue(value: unknown, shape: ValueShape | undefined): unknown {
  if (shape?.type === 'array') {
    // A field sent once is one value; the schema says it is a list of one.
    const items = Array.isArray(value) ? value : [value];
    return items.map((item) => fieldValue(item, shape.items));
  }
  return typeof value === 'string' ? coerce(value, shape) : value;
}

/** The fields of a form body as values of the operation's body shape (`requestBody.shape`). */
export function formBodyValues(options: {
  operation: OperationDefinition;
  mediaType: string;
  body: unknown;
}): unknown {
  const { operation, mediaType, body } = options;
  const shape = operation.requestBody?.shape;
  if (
    shape?.type !== 'object' ||
    !isFormMediaType(mediaType) ||
    typeof body !== 'object' ||
    body === null ||
    Array.isArray(body)
  )
    return body;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const field = ownValue(shape.properties, name) ?? shape.additional;
    setOwn(fields, name, exactIntegers(operation, fieldValue(value, field)));
  }
  return fields;
}
