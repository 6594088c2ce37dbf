/** Servers and their variables. */
import { isNode, stringOf, stringsOf } from './json.js';
import type { ServerModel } from './types.js';

/** The document's servers, or `[{ url: '/' }]` when it names none (as OpenAPI specifies). */
export function servers(value: unknown): ServerModel[] {
  const result: ServerModel[] = [];
  if (Array.isArray(value)) {
    for (const server of value) {
      if (!isNode(server) || typeof server.url !== 'string') continue;
      const description = stringOf(server.description);
      result.push({
        url: server.url,
        ...(description !== undefined && { description }),
        variables: variables(server.variables),
      });
    }
  }
  return result.length > 0 ? result : [{ url: '/', variables: [] }];
}

function variables(value: unknown): ServerModel['variables'] {
  if (!isNode(value)) return [];
  const result: ServerModel['variables'] = [];
  for (const [name, variable] of Object.entries(value)) {
    if (!isNode(variable) || variable.default === undefined || variable.default === null) continue;
    const values = stringsOf(variable.enum);
    const description = stringOf(variable.description);
    result.push({
      name,
      default: String(variable.default),
      ...(values !== undefined && { enum: values }),
      ...(description !== undefined && { description }),
    });
  }
  return result;
}
