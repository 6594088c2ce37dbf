import type { OperationModel, ParameterRef } from '../../model/types.js';
import { jsDocLines } from '../shared/jsdoc.js';
import { isSuccess } from '../../model/media-types.js';

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
    const refresh = cache.refreshParameter
      ? ` Set the ${reference(cache.refreshParameter)} to bypass the cache.`
      : '';
    lines.push(`The server caches the result for ${cache.ttlSeconds} seconds${scope}.${refresh}`);
  }
  return lines;
}

/**
 * The error class the runtime throws for a documented status: its `errorForStatus` mapping
 * (a test holds the two together). Retried statuses (429, 5xx) are thrown once retries are spent.
 */
export function errorClassFor(status: string): string {
  const exact: Record<string, string> = {
    '401': 'UnauthorizedError',
    '403': 'ForbiddenError',
    '404': 'NotFoundError',
    '429': 'RateLimitError',
  };
  if (exact[status]) return exact[status];
  if (/^4(?:\d\d|XX)$/i.test(status)) return 'ClientError';
  if (/^5(?:\d\d|XX)$/i.test(status)) return 'ServerError';
  return 'ApiError';
}

/** `@throws` lines: what a caller may catch, in the order the runtime can throw it. */
function throwsTags(operation: OperationModel): { tag: string; text: string }[] {
  const tags: { tag: string; text: string }[] = [];
  if (operation.parameters.length || operation.requestBody) {
    tags.push({
      tag: 'throws',
      text: '{RequestValidationError} An argument breaks the schema or a rule; nothing is sent.',
    });
  }
  if (
    operation.security.length &&
    operation.security.every((requirement) => requirement.length > 0)
  ) {
    tags.push({
      tag: 'throws',
      text: '{MissingCredentialsError} The client has no credentials for this operation; nothing is sent.',
    });
  }
  const errors = operation.responses.filter((response) => !isSuccess(response.status));
  for (const response of errors) {
    const error = errorClassFor(response.status);
    const retried =
      error === 'RateLimitError' || error === 'ServerError' ? ', once retries are spent' : '';
    const description = response.description.trim().split('\n')[0] ?? '';
    tags.push({
      tag: 'throws',
      text: `{${error}} ${response.status}${retried}${description ? `: ${description}` : ''}`,
    });
  }
  if (!errors.some((response) => response.status === 'default'))
    tags.push({ tag: 'throws', text: '{ApiError} Any other non-2xx status.' });
  tags.push({
    tag: 'throws',
    text: '{NetworkError | TimeoutError | RedirectError} No usable response: the network failed, the attempt timed out, or a redirect could not be followed safely.',
  });
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
  const own =
    operation.description?.trim() === operation.summary?.trim() ? undefined : operation.description;
  const description = [own, ...notes(operation)].filter(Boolean).join('\n\n');
  return jsDocLines({
    summary: operation.summary,
    description: description || undefined,
    deprecated: operation.deprecated,
    tags,
  });
}
