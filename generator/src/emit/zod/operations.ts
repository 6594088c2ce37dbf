import type { OperationModel, ParameterLocation } from '../../model/types.js';
import { stringLiteral } from '../shared/identifiers.js';
import type { ZodContext } from './context.js';
import { zodExpression } from './expression.js';
import {
  firstJson,
  isMultipartMediaType,
  streamedMedia,
  structuredRequestMedia,
} from '../../model/media-types.js';
import { shapeExpression } from './objects.js';
import { rulesRefinement } from './rules.js';

const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** One parameter group of an operation: its location and its validator (`z.object(...)`). */
export interface ParameterGroup {
  location: ParameterLocation;
  expression: string;
}

/** The parameter groups of an operation, by location; none without parameters. */
export function parameterGroups(operation: OperationModel, context: ZodContext): ParameterGroup[] {
  return LOCATIONS.flatMap((location) => {
    const parameters = operation.parameters.filter((parameter) => parameter.in === location);
    if (!parameters.length) return [];
    // The same keys as an object schema's properties (`shapeExpression`).
    const shape = shapeExpression(
      parameters.map(({ name, required, schema }) => ({ name, required, schema })),
      context,
      zodExpression,
    );
    return [{ location, expression: `z.object(${shape})` }];
  });
}

/**
 * The validators of one operation, an object expression. `groupsConst` names the const holding
 * the parameter groups (see `parameterGroups`): they appear bare and, combined, as `parameters`
 * with the rules refinements.
 */
export function operationEntry({
  operation,
  groupsConst,
  context,
}: {
  operation: OperationModel;
  groupsConst: string | undefined;
  context: ZodContext;
}): string {
  const members: string[] = [];
  if (groupsConst) {
    const combined = LOCATIONS.filter((location) =>
      operation.parameters.some((parameter) => parameter.in === location),
    ).map((location) => {
      // A group without required parameters may be left out altogether.
      const required = operation.parameters.some(
        (parameter) => parameter.in === location && parameter.required,
      );
      const group = `${groupsConst}.${location}`;
      return `${location}: ${required ? group : context.flavour.optional(group)}`;
    });
    members.push(
      `parameters: ${context.flavour.checked(`z.object({ ${combined.join(', ')} })`, rulesRefinement({ operation, context }))}`,
    );
    members.push(`...${groupsConst}`);
  }
  const request = structuredRequestMedia(operation.requestBody);
  // Multipart bodies may carry binaries as Blobs; other encodings carry strings.
  if (request)
    members.push(
      `body: ${zodExpression(request.schema, { ...context, binaryAsBlob: isMultipartMediaType(request.mediaType) })}`,
    );
  const responses = operation.responses.flatMap((response) => {
    const media = firstJson(response.content);
    return media
      ? [`${stringLiteral(response.status)}: ${zodExpression(media.schema, context)}`]
      : [];
  });
  members.push(`responses: { ${responses.join(', ')} }`);
  // One item of a streamed response (an event, or its data; a JSON line): only where there is one.
  const items = operation.responses.flatMap((response) => {
    const media = streamedMedia(response.content);
    return media && !media.schemaless
      ? [`${stringLiteral(response.status)}: ${zodExpression(media.schema, context)}`]
      : [];
  });
  if (items.length) members.push(`items: { ${items.join(', ')} }`);
  return `{\n${members.join(',\n')},\n}`;
}
