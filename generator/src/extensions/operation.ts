/**
 * The `x-zapgen-*` extensions of operations and parameters other than the mock (spec/README.md),
 * one schema each. Where the runtime has a type for what an extension becomes, the schema's
 * output is that type (`satisfies`), so the model hands the runtime exactly what it reads.
 */
import type { OperationDefinition, PaginationDefinition, ParameterRef } from '@zapgen/runtime';
import type { WebhookSignatureDefinition } from '@zapgen/runtime/webhooks';
import { z } from 'zod';
import { byKind, fields, integer, listOf, nonEmpty } from './kit.js';

export const PARAMETER_LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

const REFERENCE_SHAPE = `{ in: ${PARAMETER_LOCATIONS.join('|')}, name: string }`;

/** `{ in, name }`: a parameter of the operation. */
export const parameterReference = fields(
  { in: z.enum(PARAMETER_LOCATIONS), name: nonEmpty },
  `a parameter reference ${REFERENCE_SHAPE}`,
) satisfies z.ZodType<ParameterRef>;

const references = (minimum: number) =>
  listOf(parameterReference, { minimum, noun: `parameter references ${REFERENCE_SHAPE}` });

/** `x-zapgen-rules`: relations between parameters, enforced by the parameter validators. */
export const rules = listOf(
  byKind([
    fields({
      kind: z.literal('mutuallyExclusive'),
      parameters: references(2),
      description: z.string().optional(),
    }),
    fields({
      kind: z.literal('requiredWith'),
      if: parameterReference,
      then: references(1),
      description: z.string().optional(),
    }),
  ]),
  { noun: 'rules' },
);

/** One rule of `x-zapgen-rules`. */
export type ParameterRule = z.output<typeof rules>[number];

/** `x-zapgen-stability`. */
export const stability = fields({
  level: z.enum(['unofficial', 'beta', 'stable']),
  note: z.string().optional(),
}) satisfies z.ZodType<NonNullable<OperationDefinition['stability']>>;

/**
 * `x-zapgen-idempotency`: `true` (the `Idempotency-Key` header) or the name of the header that
 * carries the operation's idempotency key; read as the header's name.
 */
export const idempotency = z
  .union([z.literal(true), nonEmpty], {
    error: 'must be true (the Idempotency-Key header) or the name of the header',
  })
  .transform((value) => (value === true ? 'Idempotency-Key' : value));

/** An HTTP header's name (a token). */
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, {
  error: 'must be an HTTP header name',
});

/**
 * `x-zapgen-webhook-signature` (on a webhook's or callback's operation): how the sender signs it.
 * `true` or `"standard-webhooks"`, or `{ scheme: "standard-webhooks", toleranceSeconds }`; or an
 * HMAC-SHA256 of the raw body in one header, `{ scheme: "hmac-sha256", header, prefix?, encoding? }`
 * (GitHub: `{ header: X-Hub-Signature-256, prefix: "sha256=" }`); read as the object.
 */
export const webhookSignature = z
  .union(
    [
      z.literal(true),
      z.literal('standard-webhooks'),
      fields({
        scheme: z.literal('standard-webhooks'),
        toleranceSeconds: integer(1).optional(),
      }),
      fields({
        scheme: z.literal('hmac-sha256'),
        header: headerName,
        prefix: z.string().optional(),
        encoding: z.enum(['hex', 'base64']).optional(),
      }),
    ],
    {
      error:
        'must be true, "standard-webhooks", { scheme: "standard-webhooks", toleranceSeconds?: integer } or { scheme: "hmac-sha256", header: string, prefix?: string, encoding?: "hex" | "base64" }',
    },
  )
  .transform((value) =>
    typeof value === 'object' ? value : { scheme: 'standard-webhooks' as const },
  ) satisfies z.ZodType<WebhookSignatureDefinition, unknown>;

/**
 * `x-zapgen-webhook-event` (on a webhook's or callback's operation): the request header whose value
 * names the webhook (GitHub's `X-GitHub-Event`). The header's name, its value being the webhook's
 * key; or `{ header, values }`, the values that name this webhook (several webhooks may share one,
 * told apart by a constant payload property). Read as `{ header, values? }`.
 */
export const webhookEvent = z
  .union(
    [
      headerName,
      fields({
        header: headerName,
        values: listOf(nonEmpty, { minimum: 1, noun: 'header values' }).optional(),
      }),
    ],
    {
      error:
        'must be the name of the header that names the webhook, or { header: string, values?: string[] }',
    },
  )
  .transform((value) => (typeof value === 'string' ? { header: value } : value));

/** `x-zapgen-cache`. */
export const cache = fields({
  ttlSeconds: integer(0),
  scope: listOf(z.string(), { noun: 'strings' }),
  refreshParameter: parameterReference.optional(),
  ageField: nonEmpty.optional(),
}) satisfies z.ZodType<NonNullable<OperationDefinition['cache']>>;

/** `x-zapgen-pagination`: how the client pages through a list (fields in the order the runtime's type lists them). */
export const pagination = byKind([
  fields({
    kind: z.literal('page'),
    pageParameter: nonEmpty,
    sizeParameter: nonEmpty.optional(),
    itemsField: z.string(),
    totalPagesField: nonEmpty.optional(),
    firstPage: integer(0).default(1),
    totalItemsField: nonEmpty.optional(),
    nextField: nonEmpty.optional(),
    previousField: nonEmpty.optional(),
  }),
  fields({
    kind: z.literal('offset'),
    offsetParameter: nonEmpty,
    limitParameter: nonEmpty,
    itemsField: z.string(),
    nextField: nonEmpty.optional(),
    previousField: nonEmpty.optional(),
    totalItemsField: nonEmpty.optional(),
  }),
  fields({
    kind: z.literal('cursor'),
    cursorParameter: nonEmpty,
    sizeParameter: nonEmpty.optional(),
    itemsField: z.string(),
    nextCursorField: nonEmpty.optional(),
    nextUrlField: nonEmpty.optional(),
    nextLinkHeader: z.boolean().optional(),
    cursorItemField: nonEmpty.optional(),
    hasMoreField: nonEmpty.optional(),
    totalItemsField: nonEmpty.optional(),
  }).refine(
    (value) =>
      [
        value.nextCursorField,
        value.nextUrlField,
        value.nextLinkHeader === true ? 'Link' : undefined,
        value.cursorItemField,
      ].filter((name) => name !== undefined).length === 1,
    {
      error:
        'must name where the next cursor is: exactly one of nextCursorField, nextUrlField, nextLinkHeader: true, cursorItemField',
    },
  ),
]) satisfies z.ZodType<PaginationDefinition>;

/** `x-zapgen-polling`. */
export const polling = fields({
  whileField: nonEmpty,
  intervalMs: integer(1),
}) satisfies z.ZodType<NonNullable<OperationDefinition['polling']>>;

/** `x-zapgen-key-prefix` (a parameter's): the prefix of each key of an object-valued query parameter. */
export const keyPrefix = nonEmpty;
