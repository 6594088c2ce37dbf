import { describe, expect, it } from 'vitest';
import type { OperationDefinition } from '../../src/definition.js';
import { compileRoutes, matchRoute } from '../../src/mock/routes.js';

const operation = (method: OperationDefinition['method'], path: string): OperationDefinition => ({
  operationId: `${method} ${path}`,
  method,
  path,
  parameters: [],
  responses: [],
  security: [],
});

const routes = compileRoutes([
  operation('get', '/apps/{app}/'),
  operation('get', '/apps/search/'),
  operation('get', `/notes/{thing-id}/*/'"\``),
  operation('get', '/files/{name}.json'),
  operation('post', '/apps/{app}/'),
]);

const cases: [string, { given: { method: string; path: string }; want: unknown }][] = [
  [
    'a literal path wins over a template',
    {
      given: { method: 'GET', path: '/apps/search/' },
      want: { operationId: 'get /apps/search/', values: {} },
    },
  ],
  [
    'a template captures its variable',
    {
      given: { method: 'GET', path: '/apps/slack/' },
      want: { operationId: 'get /apps/{app}/', values: { app: 'slack' } },
    },
  ],
  [
    'literal characters match encoded or not',
    {
      given: { method: 'GET', path: '/notes/n1/*/%27%22%60' },
      want: { operationId: `get /notes/{thing-id}/*/'"\``, values: { 'thing-id': 'n1' } },
    },
  ],
  [
    'an encoded slash stays inside its variable',
    {
      given: { method: 'GET', path: '/apps/a%2Fb/' },
      want: { operationId: 'get /apps/{app}/', values: { app: 'a%2Fb' } },
    },
  ],
  [
    'a variable inside a segment',
    {
      given: { method: 'GET', path: '/files/report.json' },
      want: { operationId: 'get /files/{name}.json', values: { name: 'report' } },
    },
  ],
  [
    'another method on a known path lists the allowed ones',
    { given: { method: 'DELETE', path: '/apps/x/' }, want: { allowed: ['GET', 'POST'] } },
  ],
  ['an unknown path', { given: { method: 'GET', path: '/nope' }, want: undefined }],
];

describe('matchRoute', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    const match = matchRoute(routes, given.method, given.path);
    if (match && 'route' in match)
      expect({ operationId: match.route.operation.operationId, values: match.pathValues }).toEqual(
        want,
      );
    else expect(match).toEqual(want);
  });
});
