/**
 * How the mock's error bodies fit the API's error schemas: for each object schema of a 4xx/5xx
 * (or `default`) response, which property takes the message, the list of messages, the issues,
 * the code and the status, by the property's name and type.
 */
import { compareCodePoints } from '../order.js';
import type { MockErrorShape } from '@zapgen/runtime/mock';
import type { OperationModel, SchemaModel } from '../types.js';
import { componentName, jsonSchema, objectOf, resolved, type Components } from './schemas.js';

const MESSAGE_NAMES = [
  'message',
  'error',
  'detail',
  'error_description',
  'title',
  'description',
  'msg',
];
const DETAILS_NAMES = ['issues', 'details', 'detail', 'errors'];
const CODE_NAMES = ['code', 'error_code', 'type', 'error'];
const STATUS_NAMES = ['status', 'status_code', 'statusCode', 'code'];

function isErrorStatus(status: string): boolean {
  return /^[45]/.test(status) || status === 'default';
}

function kindOf(schema: SchemaModel, components: Components): string {
  const target = resolved(schema, components);
  if (target === undefined) return 'unknown';
  if (target.kind === 'array')
    return resolved(target.items, components)?.kind === 'string' ? 'strings' : 'array';
  if (target.kind === 'enum' || target.kind === 'const') return 'fixed';
  return target.kind;
}

/** The shape of one error schema, or undefined when it is not an object. */
export function errorShape(
  schema: SchemaModel,
  components: Components,
): MockErrorShape | undefined {
  const object = objectOf(schema, components);
  if (object === undefined) return undefined;
  const kinds = new Map(
    object.properties.map((property) => [property.name, kindOf(property.schema, components)]),
  );
  const used = new Set<string>();
  const pick = (names: readonly string[], accepts: (kind: string) => boolean) => {
    const name = names.find(
      (candidate) =>
        kinds.has(candidate) && !used.has(candidate) && accepts(kinds.get(candidate) ?? ''),
    );
    if (name !== undefined) used.add(name);
    return name;
  };
  const listField = [...kinds].find(([, kind]) => kind === 'strings')?.[0];
  if (listField !== undefined) used.add(listField);
  const messageField = pick(MESSAGE_NAMES, (kind) => kind === 'string' || kind === 'unknown');
  const detailsField = pick(DETAILS_NAMES, (kind) => kind === 'array' || kind === 'unknown');
  const codeField = pick(CODE_NAMES, (kind) => kind === 'string');
  const statusField = pick(STATUS_NAMES, (kind) => kind === 'number');
  return {
    ...(messageField !== undefined && { messageField }),
    ...(listField !== undefined && { listField }),
    ...(detailsField !== undefined && { detailsField }),
    ...(codeField !== undefined && { codeField }),
    ...(statusField !== undefined && { statusField }),
    open: object.additionalProperties !== false,
  };
}

/** The error shapes, each operation's error statuses, and the shape most operations use. */
export function errorShapes(
  operations: readonly OperationModel[],
  components: Components,
): Pick<import('../types.js').MockModel, 'errorShapes' | 'operationErrors' | 'defaultError'> {
  const shapes: Record<string, MockErrorShape> = {};
  const operationErrors: Record<string, Record<string, string>> = {};
  const uses = new Map<string, number>();
  for (const operation of operations) {
    for (const response of operation.responses) {
      if (!isErrorStatus(response.status)) continue;
      const schema = jsonSchema(response.content);
      if (schema === undefined) continue;
      const name = componentName(schema) ?? `${operation.operationId} ${response.status}`;
      const shape = shapes[name] ?? errorShape(schema, components);
      if (shape === undefined) continue;
      shapes[name] = shape;
      (operationErrors[operation.operationId] ??= {})[response.status] = name;
      uses.set(name, (uses.get(name) ?? 0) + 1);
    }
  }
  const defaultError = [...uses].sort(
    ([a, countA], [b, countB]) => countB - countA || compareCodePoints(a, b),
  )[0]?.[0];
  return {
    errorShapes: shapes,
    operationErrors,
    ...(defaultError !== undefined && { defaultError }),
  };
}
