/**
 * Hand-built definitions mirroring the two APIs, as a generated client would build them from the
 * spec (the runtime must not depend on the generator to be tested).
 */
import { z } from 'zod';
import type {
  ApiDefinition,
  OperationDefinition,
  ParameterDefinition,
} from '../../src/definition.js';

export function parameter(
  options: Partial<ParameterDefinition> & Pick<ParameterDefinition, 'name' | 'in'>,
): ParameterDefinition {
  return {
    required: options.in === 'path',
    style: options.in === 'query' || options.in === 'cookie' ? 'form' : 'simple',
    explode: options.in === 'query' || options.in === 'cookie',
    ...options,
  };
}

const actionType = z.enum([
  'read',
  'write',
  'search',
  'read_bulk',
  'search_or_write',
  'search_and_write',
]);
const errorResponse = z.looseObject({
  error: z.string().optional(),
  detail: z.string().optional(),
});

export const actionsApi: ApiDefinition = {
  name: '@zapgen/actions-v2',
  servers: [
    {
      url: '{base_url}/api/v2',
      variables: { base_url: { default: 'https://actions.zapier.com' } },
    },
  ],
  securitySchemes: {
    AccessPointApiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key', option: 'apiKey' },
    AccessPointOAuth: {
      type: 'oauth2',
      flows: {
        authorizationCode: {
          authorizationUrl: 'https://actions.zapier.com/oauth/authorize/',
          tokenUrl: 'https://actions.zapier.com/oauth/token/',
          scopes: { openid: 'OpenID', 'nla:exposed_actions:execute': 'Execute actions' },
        },
      },
    },
  },
};

const v2Security = [
  [{ scheme: 'AccessPointApiKeyHeader', scopes: [] }],
  [{ scheme: 'AccessPointOAuth', scopes: [] }],
];

export const listActions: OperationDefinition = {
  operationId: 'listActions',
  method: 'get',
  path: '/apps/{app}/actions/',
  parameters: [
    parameter({ name: 'app', in: 'path', required: true }),
    parameter({ name: 'query', in: 'query' }),
    parameter({ name: 'filter_action_type', in: 'query', explode: false }),
    parameter({ name: 'action_extra', in: 'query', explode: false }),
    parameter({ name: 'authentication_id', in: 'query' }),
  ],
  parameterValidator: z.object({
    path: z.object({ app: z.string() }),
    query: z.object({
      query: z.string().nullable().optional(),
      filter_action_type: z.array(actionType).optional(),
      action_extra: z.array(z.string()).optional(),
      authentication_id: z.number().int().nullable().optional(),
    }),
  }),
  responses: [
    {
      status: '200',
      mediaTypes: ['application/json'],
      body: z.looseObject({ results: z.array(z.looseObject({ action: z.string() })) }),
    },
    { status: 'default', mediaTypes: ['application/json'], body: errorResponse },
  ],
  security: v2Security,
};

export const executeAction: OperationDefinition = {
  operationId: 'executeAction',
  method: 'post',
  path: '/execute/',
  parameters: [
    parameter({ name: 'preview_only', in: 'query' }),
    parameter({ name: 'skip_param_guessing', in: 'query' }),
    parameter({ name: 'token_budget', in: 'query', deprecated: true }),
  ],
  parameterValidator: z
    .object({
      query: z.object({
        preview_only: z.boolean().optional(),
        skip_param_guessing: z.boolean().optional(),
        token_budget: z.number().int().optional(),
      }),
    })
    .superRefine((value, context) => {
      if (value.query.preview_only && value.query.skip_param_guessing) {
        context.addIssue({
          code: 'custom',
          path: ['query', 'preview_only'],
          message: 'skip_param_guessing and preview_only cannot both be set',
        });
      }
    }),
  requestBody: {
    required: true,
    mediaTypes: ['application/json'],
    validator: z.looseObject({ instructions: z.string(), app: z.string(), action: z.string() }),
  },
  responses: [
    {
      status: '200',
      mediaTypes: ['application/json'],
      body: z.looseObject({ execution_log_id: z.string() }),
    },
    { status: '400', mediaTypes: ['application/json'], body: errorResponse },
    { status: '422', mediaTypes: ['application/json'], body: errorResponse },
  ],
  security: v2Security,
};

export const getLoginLink: OperationDefinition = {
  operationId: 'getLoginLink',
  method: 'get',
  path: '/auth/login-link/',
  parameters: [
    parameter({ name: 'sign_up_first_name', in: 'query', required: true }),
    parameter({ name: 'sign_up_last_name', in: 'query', required: true }),
    parameter({ name: 'sign_up_email', in: 'query', required: true }),
    parameter({ name: 'redirect_to', in: 'query' }),
  ],
  responses: [
    {
      status: '200',
      mediaTypes: ['application/json'],
      body: z.looseObject({ login_link: z.string().nullable() }),
    },
  ],
  security: v2Security,
};

export const getPrefillChoices: OperationDefinition = {
  operationId: 'getPrefillChoices',
  method: 'post',
  path: '/apps/{app}/choices/{prefill}/',
  parameters: [
    parameter({ name: 'app', in: 'path', required: true }),
    parameter({ name: 'prefill', in: 'path', required: true }),
    parameter({ name: 'force_refresh', in: 'query' }),
  ],
  requestBody: { required: false, mediaTypes: ['application/json'] },
  responses: [
    {
      status: '200',
      mediaTypes: ['application/json'],
      body: z.looseObject({ is_loading: z.boolean(), results: z.array(z.unknown()) }),
    },
  ],
  security: v2Security,
  polling: { whileField: 'is_loading', intervalMs: 1000 },
  cache: {
    ttlSeconds: 86_400,
    scope: ['user', 'app', 'prefill'],
    refreshParameter: { in: 'query', name: 'force_refresh' },
  },
};

export const partnerApi: ApiDefinition = {
  name: '@zapgen/partner-v1',
  servers: [{ url: 'https://api.zapier.com/v1', variables: {} }],
  securitySchemes: {
    ClientId: { type: 'apiKey', in: 'query', name: 'client_id', option: 'clientId' },
    PartnerOAuth: {
      type: 'oauth2',
      flows: {
        implicit: {
          authorizationUrl: 'https://zapier.com/oauth/authorize',
          scopes: { zap: 'Zaps', templates: 'Templates' },
        },
      },
    },
  },
};

export const listApps: OperationDefinition = {
  operationId: 'listApps',
  method: 'get',
  path: '/apps',
  parameters: [
    parameter({ name: 'per_page', in: 'query' }),
    parameter({ name: 'page', in: 'query' }),
  ],
  parameterValidator: z.object({
    query: z.object({
      per_page: z.number().int().min(1).max(100).optional(),
      page: z.number().int().min(1).optional(),
    }),
  }),
  responses: [
    {
      status: '200',
      mediaTypes: ['application/json'],
      body: z.looseObject({
        objects: z.array(z.looseObject({ slug: z.string() })),
        page: z.number(),
        pages: z.number(),
      }),
    },
    {
      status: '4XX',
      mediaTypes: ['application/json'],
      body: z.looseObject({ errors: z.array(z.string()) }),
    },
  ],
  security: [[{ scheme: 'ClientId', scopes: [] }]],
  pagination: {
    kind: 'page',
    pageParameter: 'page',
    sizeParameter: 'per_page',
    itemsField: 'objects',
    totalPagesField: 'pages',
    firstPage: 1,
  },
};

const templateQuery = {
  templates: z.array(z.string()).optional(),
  apps: z.array(z.string()).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  offset: z.number().int().min(0).optional(),
};

export const listZapTemplates: OperationDefinition = {
  operationId: 'listZapTemplates',
  method: 'get',
  path: '/zap-templates',
  parameters: [
    parameter({ name: 'templates', in: 'query', explode: false }),
    parameter({ name: 'apps', in: 'query', explode: false }),
    parameter({ name: 'limit', in: 'query' }),
    parameter({ name: 'offset', in: 'query' }),
  ],
  parameterValidator: z.object({ query: z.object(templateQuery) }),
  responses: [
    {
      status: '200',
      mediaTypes: ['application/json'],
      body: z.array(z.looseObject({ id: z.number() })),
    },
  ],
  security: [[{ scheme: 'ClientId', scopes: [] }]],
  pagination: {
    kind: 'offset',
    offsetParameter: 'offset',
    limitParameter: 'limit',
    itemsField: '',
  },
};

export const listMyZapTemplates: OperationDefinition = {
  ...listZapTemplates,
  operationId: 'listMyZapTemplates',
  path: '/zap-templates/me',
  parameters: [...listZapTemplates.parameters, parameter({ name: 'status', in: 'query' })],
  parameterValidator: z.object({
    query: z.object({ ...templateQuery, status: z.enum(['draft', 'published']).optional() }),
  }),
  security: [
    [
      { scheme: 'ClientId', scopes: [] },
      { scheme: 'PartnerOAuth', scopes: ['templates'] },
    ],
  ],
};

export const listZaps: OperationDefinition = {
  operationId: 'listZaps',
  method: 'get',
  path: '/zaps',
  parameters: [
    parameter({ name: 'limit', in: 'query' }),
    parameter({ name: 'offset', in: 'query' }),
    parameter({ name: 'app', in: 'query' }),
    parameter({ name: 'params', in: 'query', keyPrefix: 'params__' }),
  ],
  // As the zod emitter writes an `x-zapgen-rules` requiredWith: the rule lives in the validator.
  parameterValidator: z
    .object({
      query: z
        .object({
          limit: z.number().int().optional(),
          offset: z.number().int().optional(),
          app: z.string().optional(),
          params: z.record(z.string(), z.string()).optional(),
        })
        .optional(),
    })
    .superRefine((value, context) => {
      if (value.query?.params !== undefined && value.query.app === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['query', 'app'],
          message: 'app is required when params is given',
        });
      }
    }),
  responses: [
    {
      status: '200',
      mediaTypes: ['application/json'],
      body: z.looseObject({ objects: z.array(z.looseObject({ id: z.number() })) }),
    },
  ],
  security: [[{ scheme: 'PartnerOAuth', scopes: ['zap'] }]],
  pagination: {
    kind: 'offset',
    offsetParameter: 'offset',
    limitParameter: 'limit',
    itemsField: 'objects',
    nextField: 'next',
  },
};
