/**
 * The JSDoc of a property in `types.ts`, with openapi-typescript's tags: title, summary and
 * format first, then `@deprecated`, `@description`, `@default`, `@example`, `@constant` and
 * `@enum`, so that hovering a property in an editor shows what it showed before.
 */
import type { JsonValue, SchemaModel } from '../../model/types.js';
import { commentText, jsDocComment } from '../shared/jsdoc.js';

export interface DocInput {
  title?: string;
  summary?: string;
  format?: string;
  deprecated?: boolean;
  description?: string;
  default?: JsonValue;
  examples?: readonly JsonValue[];
  constant?: boolean;
  enumType?: string;
}

function text(value: JsonValue): string {
  const written =
    typeof value === 'object' && value !== null ? JSON.stringify(value, null, 2) : String(value);
  return written.trim();
}

/** The lines of the comment, in openapi-typescript's order. */
function lines(input: DocInput): string[] {
  const output: string[] = [];
  if (input.title?.trim()) output.push(input.title.trim());
  if (input.summary?.trim()) output.push(input.summary.trim());
  if (input.format) output.push(`Format: ${input.format}`);
  if (input.deprecated) output.push('@deprecated');
  if (input.description?.trim()) output.push(`@description ${input.description.trim()}`);
  if (input.default !== undefined) output.push(`@default ${text(input.default)}`);
  for (const example of input.examples ?? []) output.push(`@example ${text(example)}`);
  if (input.constant) output.push('@constant');
  if (input.enumType) output.push(`@enum {${input.enumType}}`);
  return output;
}

/** `/** … *\/` and a newline before a member, or `''` when there is nothing to say. */
export function docComment(input: DocInput): string {
  // A line of several: its continuation indented under the tag, as openapi-typescript does.
  const body = lines(input).flatMap((line) =>
    commentText(line)
      .split('\n')
      .map((part, index) => (index ? `    ${part}` : part)),
  );
  return jsDocComment(body, { compact: true });
}

/** What a schema's own annotations say about it. */
export function schemaDoc(schema: SchemaModel): DocInput {
  const format = schema.kind === 'string' || schema.kind === 'number' ? schema.format : undefined;
  const enumType =
    schema.kind === 'enum'
      ? `${schema.baseType ?? 'unknown'}${schema.nullable ? '|null' : ''}`
      : undefined;
  return {
    ...(schema.title !== undefined && { title: schema.title }),
    ...(format !== undefined && { format }),
    ...(schema.deprecated && { deprecated: true }),
    ...(schema.description !== undefined && { description: schema.description }),
    ...(schema.default !== undefined && { default: schema.default.value }),
    ...(schema.examples && { examples: schema.examples }),
    ...(schema.kind === 'const' && { constant: true }),
    ...(enumType !== undefined && { enumType }),
  };
}
