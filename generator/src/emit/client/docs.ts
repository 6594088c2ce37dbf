import type { OperationModel, ParameterRef } from '../../model/types.js';
import { jsDocLines } from '../shared/jsdoc.js';
import { isSuccess } from './media.js';

function reference(ref: ParameterRef): string {
  return `${ref.in} parameter \`${ref.name}\``;
}

/** Sentences about `x-zapgen-stability` and `x-zapgen-cache`, for the function's JSDoc. */
function notes(operation: OperationModel): string[] {
  const { stability, cache } = operation.extensions;
  const lines: string[] = [];
  if (stability && stability.level !== 'stable') {
    lines.push(`Stability: ${stability.level}.${stability.note ? ` ${stability.note}` : ''}`);
  } else if (stability?.note) {
    lines.push(stability.note);
  }
  if (cache) {
    const scope = cache.scope.length ? ` per ${cache.scope.join(', ')}` : '';
    const refresh = cache.refreshParameter ? ` Set the ${reference(cache.refreshParameter)} to bypass the cache.` : '';
    lines.push(`The server caches the result for ${cache.ttlSeconds} seconds${scope}.${refresh}`);
  }
  return lines;
}

/** `@throws` lines: what a caller may catch, most specific first. */
function throwsTags(operation: OperationModel): { tag: string; text: string }[] {
  const tags: { tag: string; text: string }[] = [];
  if (operation.parameters.length || operation.requestBody) {
    tags.push({ tag: 'throws', text: '{RequestValidationError} When an argument breaks the schema or a rule; nothing is sent.' });
  }
  if (operation.security.length && operation.security.every((requirement) => requirement.length > 0)) {
    tags.push({ tag: 'throws', text: '{MissingCredentialsError} When the client has no credentials for this operation.' });
  }
  for (const response of operation.responses) {
    if (isSuccess(response.status)) continue;
    const error = /^4/.test(response.status) ? 'ClientError' : /^5/.test(response.status) ? 'ServerError' : 'ApiError';
    const description = response.description.trim().split('\n')[0] ?? '';
    tags.push({ tag: 'throws', text: `{${error}} ${response.status}${description ? `: ${description}` : ''}` });
  }
  tags.push({ tag: 'throws', text: '{ApiError} On any other non-2xx status; {NetworkError} or {TimeoutError} when no response arrives.' });
  return tags;
}

/** The JSDoc lines of an operation's client function. */
export function operationDocLines(operation: OperationModel): string[] {
  const stability = operation.extensions.stability;
  const tags = [
    { tag: 'see', text: `${operation.method.toUpperCase()} ${operation.path}` },
    ...(stability && stability.level !== 'stable' ? [{ tag: 'experimental' }] : []),
    ...throwsTags(operation),
  ];
  const own = operation.description?.trim() === operation.summary?.trim() ? undefined : operation.description;
  const description = [own, ...notes(operation)].filter(Boolean).join('\n\n');
  return jsDocLines({
    summary: operation.summary,
    description: description || undefined,
    deprecated: operation.deprecated,
    tags,
  });
}
