import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  formatFinding,
  lintRules,
  loadSpec,
  validateSpec,
  type Finding,
} from '../../src/load/index.js';
import { corpusSpec } from '../../../test/support/corpus.js';

const fixtures = fileURLToPath(new URL('../../../test/fixtures/bad-specs/', import.meta.url));

/** A fixture path as findings print it: relative to the working directory. */
function shown(fixture: string): string {
  return path.relative(process.cwd(), path.join(fixtures, fixture)).split(path.sep).join('/');
}

function findingsOf(fixture: string): Finding[] {
  return validateSpec(loadSpec(path.join(fixtures, fixture)));
}

/** `file:line:col  severity  rule  message` of the findings of one rule. */
function linesOf(fixture: string, rule: string): string[] {
  return findingsOf(fixture)
    .filter((finding) => finding.rule === rule)
    .map(formatFinding);
}

describe('lint rules', () => {
  const cases: [string, { given: string; want: string[] }][] = [
    [
      'unique-operation-ids',
      {
        given: 'unique-operation-ids.yaml',
        want: [
          '8:7  error  unique-operation-ids  operationId "listPets" of GET /pets is also used by GET /animals',
          '13:7  error  unique-operation-ids  operationId "listPets" of GET /animals is also used by GET /pets',
        ],
      },
    ],
    [
      'unique-operation-ids (JSON file)',
      {
        given: 'unique-operation-ids.json',
        want: [
          '7:16  error  unique-operation-ids  operationId "list" of GET /pets is also used by POST /pets',
          '8:17  error  unique-operation-ids  operationId "list" of POST /pets is also used by GET /pets',
        ],
      },
    ],
    [
      'path-parameters',
      {
        given: 'path-parameters.yaml',
        want: [
          '7:5  error  path-parameters  path parameter "petId" of GET /pets/{petId} is not declared',
          '10:11  error  path-parameters  path parameter "petid" is not in the path /pets/{petId}',
          '20:11  error  path-parameters  path parameter "ownerId" must have required: true',
        ],
      },
    ],
    [
      'resolvable-refs',
      {
        given: 'resolvable-refs.yaml',
        want: ['15:17  error  resolvable-refs  $ref "#/components/schemas/Pets" does not resolve'],
      },
    ],
    [
      'resolvable-refs (a null $ref: `$ref: #/...` unquoted in YAML is a comment)',
      {
        given: 'null-ref.yaml',
        want: [
          '15:17  error  resolvable-refs  $ref has no value: in YAML an unquoted `#` starts a comment, so `$ref: #/a/b` is empty (quote it: `$ref: "#/a/b"`)',
        ],
      },
    ],
    [
      'extension-shape',
      {
        given: 'extension-shape.yaml',
        want: [
          '18:11  error  extension-shape  parameters must be a list of at least 2 parameter references { in: path|query|header|cookie, name: string }',
          '21:9  error  extension-shape  intervalMs must be an integer >= 1',
        ],
      },
    ],
    [
      'extension-reference',
      {
        given: 'extension-reference.yaml',
        want: [
          '18:48  error  extension-reference  query parameter "b" is not a parameter of GET /pets: "b" is a header parameter',
          '22:9  error  extension-reference  query parameter "refresh" is not a parameter of GET /pets',
          '34:9  error  extension-reference  cursorParameter "after" is not a query parameter of GET /events',
        ],
      },
    ],
    [
      'extension-shape (x-zapgen-mock)',
      {
        given: 'mock-extension.yaml',
        want: [
          '10:11  error  extension-shape  count must be an integer from 1 to 100000',
          '12:7  error  extension-shape  schema must name a schema of components.schemas (found "Toy")',
          '26:13  error  extension-shape  filters[1] must have field and exactly one of equals, notEquals, in, notIn, containsAll, includes',
          '36:11  error  extension-shape  name must have exactly one of parameter, body, parent, caller, value',
          '42:9  error  extension-shape  kind must be one of list, read, create, update, delete, check, respond, loginLink (found "erase")',
        ],
      },
    ],
    [
      'extension-reference (x-zapgen-mock)',
      {
        given: 'mock-extension.yaml',
        want: [
          '27:40  error  extension-reference  query parameter "owner" is not a parameter of GET /pets',
          '34:9  error  extension-reference  collection "animals" is not declared in the document\'s x-zapgen-mock collections',
        ],
      },
    ],
    [
      'no-unreachable-schemas',
      {
        given: 'no-unreachable-schemas.yaml',
        want: [
          '22:5  warning  no-unreachable-schemas  schema "Orphan" is not used by any operation, webhook or other component',
        ],
      },
    ],
    [
      'operation-secured',
      {
        given: 'operation-secured.yaml',
        want: [
          '5:5  warning  operation-secured  GET /pets has no security requirement (add `security`, or `security: []` if it is public)',
        ],
      },
    ],
    [
      'operation-id-present',
      {
        given: 'operation-id-present.yaml',
        want: ['7:5  warning  operation-id-present  GET /pets has no operationId'],
      },
    ],
    [
      'unique-parameters',
      {
        given: 'unique-parameters.yaml',
        want: ['13:11  error  unique-parameters  header parameter "x-trace" is declared twice'],
      },
    ],
    [
      'server-variables',
      {
        given: 'server-variables.yaml',
        want: [
          '7:9  error  server-variables  default "mars" of server variable "region" is not one of its enum values',
        ],
      },
    ],
    [
      'server-variables-declared (a warning: the client takes it from serverVariables)',
      {
        given: 'server-variables.yaml',
        want: [
          '4:5  warning  server-variables-declared  server variable "version" of https://{region}.example.com/{version} is not declared: a client needs `serverVariables.version` or a `baseUrl`',
        ],
      },
    ],
    [
      'openapi-schema',
      {
        given: 'openapi-schema.yaml',
        want: ['2:1  error  openapi-schema  info is missing required property "version"'],
      },
    ],
    [
      'schema-depth',
      {
        given: 'schema-depth.yaml',
        want: [
          '215:265  error  schema-depth  inline schemas nest more than 64 levels here (65 from /components/schemas/Deep); zapgen writes at most 64: move an inner schema into components/schemas and refer to it with $ref',
          '220:48  error  schema-depth  this value nests more than 32 levels of arrays and objects (33 from /components/schemas/Matrix/default); zapgen writes values at most 32 levels deep',
        ],
      },
    ],
    [
      'pattern-backtracking',
      {
        given: 'pattern-backtracking.yaml',
        want: [
          '26:11  warning  pattern-backtracking  the pattern "^\\\\$\\\\{(\\\\w+.)+\\\\w+\\\\}$" can backtrack exponentially on a long run of "A" that it then rejects (ReDoS): any validator of this field, the generated zod schemas included, can hang on such a value; rewrite it so that no two quantifiers can match the same characters, or bound the length before matching. zapgen does not run it: its fixtures take a value made from it, or the value of their format where RE2 (linear in time) finds that it matches; with a format zod checks and no such value, the fixture is left out. No invalid fixture changes this string',
          '35:11  warning  pattern-backtracking  the pattern "^(https?:\\\\/\\\\/)?([\\\\da-z\\\\.-]+)\\\\.([a-z\\\\.]{2,6})([\\\\/\\\\w \\\\.-]*)*\\\\/?$" can backtrack exponentially on a long run of "." that it then rejects (ReDoS): any validator of this field, the generated zod schemas included, can hang on such a value; rewrite it so that no two quantifiers can match the same characters, or bound the length before matching. zapgen does not run it: its fixtures take a value made from it, or the value of their format where RE2 (linear in time) finds that it matches; with a format zod checks and no such value, the fixture is left out. No invalid fixture changes this string',
          '40:13  warning  pattern-backtracking  the pattern "^.+@.+\\\\..+$" can backtrack polynomially on a long run of "@" that it then rejects (ReDoS): any validator of this field, the generated zod schemas included, can hang on such a value; rewrite it so that no two quantifiers can match the same characters, or bound the length before matching. zapgen does not run it: the keys of its fixtures are not checked against it',
        ],
      },
    ],
    ...(['3.0', '3.1'] as const).map((version): [string, { given: string; want: string[] }] => [
      `openapi-schema (OpenAPI ${version}: a typo, a wrong type, a missing field)`,
      {
        given: `openapi-schema-${version}.yaml`,
        want: [
          '8:7  error  openapi-schema  unexpected property "summry" in get',
          '12:11  error  openapi-schema  required must be boolean (found "yes")',
          '15:9  error  openapi-schema  responses.200 is missing required property "description"',
        ],
      },
    ]),
  ];

  it.each(cases)('%s', (rule, { given, want }) => {
    const name = rule.replace(/ \(.*\)$/, '');
    expect(linesOf(given, name)).toEqual(want.map((line) => `${shown(given)}:${line}`));
  });

  it('has a case for every registered rule', () => {
    const covered = new Set(cases.map(([rule]) => rule.replace(/ \(.*\)$/, '')));
    expect(lintRules.map((rule) => rule.name).filter((name) => !covered.has(name))).toEqual([]);
  });
});

describe('split specs', () => {
  it('locates mistakes in the $ref-ed file where they are written', () => {
    const lines = findingsOf('split')
      .filter((finding) => finding.rule !== 'openapi-schema')
      .map(formatFinding);
    expect(lines).toEqual([
      `${shown('split/paths/owners.yaml')}:9:13  error  resolvable-refs  $ref "../schemas/owner.yaml" cannot be followed: ${shown('split/schemas/owner.yaml')}: file not found`,
      `${shown('split/paths/pet.yaml')}:4:7  error  path-parameters  path parameter "petId" must have required: true`,
    ]);
  });
});

describe('valid specs', () => {
  const cases: [string, { given: string }][] = [
    ['the fixture that breaks no rule', { given: path.join(fixtures, 'valid.yaml') }],
    ['a public API (root `security: []`)', { given: path.join(fixtures, 'public-api.yaml') }],
    [
      'a 3.1 server variable with a description (a typo in the bundled 3.1 schema refused it)',
      { given: path.join(fixtures, 'server-variable-description-3.1.yaml') },
    ],
    [
      'a 3.0 corpus spec (petstore-expanded, JSON)',
      { given: corpusSpec('oai-v30-petstore-expanded.json') },
    ],
    ['a 3.1 corpus spec (redocly museum, webhooks)', { given: corpusSpec('redocly-museum.yaml') }],
    ['a 3.1 corpus spec (scalar galaxy, $defs)', { given: corpusSpec('scalar-galaxy.yaml') }],
  ];

  it.each(cases)('%s has no errors', (_name, { given }) => {
    const errors = validateSpec(loadSpec(given)).filter((finding) => finding.severity === 'error');
    expect(errors.map(formatFinding)).toEqual([]);
  });

  it.each(['valid.yaml', 'public-api.yaml'])('%s has no warnings either', (fixture) => {
    expect(findingsOf(fixture).map(formatFinding)).toEqual([]);
  });
});

describe('references that cannot be followed', () => {
  const cases: [string, { given: string; want: string }][] = [
    [
      'a remote file',
      {
        given: 'https://example.com/pet.yaml',
        want: 'is remote: zapgen reads local files only (download it next to the spec)',
      },
    ],
    [
      'a fragment that is not a pointer',
      {
        given: './sub/pet.yaml#Pet',
        want: 'has a fragment that is not a JSON pointer (expected #/a/b)',
      },
    ],
    ['a folder', { given: './sub/', want: 'cannot be followed: SUB: is a folder' }],
    [
      'a missing node',
      { given: './sub/pet.yaml#/nothing', want: 'does not resolve: SUB/pet.yaml has no /nothing' },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zapgen-refs-'));
    const relative = (file: string) =>
      path.relative(process.cwd(), path.join(dir, file)).split(path.sep).join('/');
    mkdirSync(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'sub/pet.yaml'), 'type: object\n');
    writeFileSync(
      path.join(dir, 'openapi.yaml'),
      `openapi: 3.1.0\ninfo: { title: T, version: '1' }\npaths: {}\ncomponents:\n  schemas:\n    A:\n      $ref: '${given}'\n`,
    );
    try {
      const lines = validateSpec(loadSpec(dir))
        .filter((finding) => finding.rule === 'resolvable-refs')
        .map(formatFinding);
      const message = want.replace('SUB', relative('sub'));
      expect(lines).toEqual([
        `${relative('openapi.yaml')}:7:7  error  resolvable-refs  $ref "${given}" ${message}`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('unreadable specs', () => {
  it('locates a YAML syntax error', () => {
    expect(findingsOf('yaml-syntax.yaml').map(formatFinding)).toEqual([
      `${shown('yaml-syntax.yaml')}:9:7  error  yaml-syntax  Flow sequence in block collection must be sufficiently indented and end with a ]`,
    ]);
  });

  it('locates a duplicate key at its second occurrence', () => {
    expect(findingsOf('duplicate-keys.yaml').map(formatFinding)).toEqual([
      `${shown('duplicate-keys.yaml')}:5:3  error  yaml-syntax  duplicate key "title" (YAML map keys must be unique)`,
    ]);
  });

  it('locates each mistake of a .json file that is not strict JSON (comments, trailing commas)', () => {
    expect(findingsOf('json-syntax.json').map(formatFinding)).toEqual([
      `${shown('json-syntax.json')}:3:3  error  json-syntax  comments are not allowed in JSON (a .json spec must be strict JSON; name the file .yaml to write YAML)`,
      `${shown('json-syntax.json')}:4:50  error  json-syntax  a property name is expected`,
    ]);
  });

  it('checks a Swagger 2.0 document against the 2.0 schema, located in the 2.0 file', () => {
    expect(findingsOf('swagger-2.yaml').map(formatFinding)[0]).toBe(
      `${shown('swagger-2.yaml')}:10:11  error  openapi-schema  parameters[0] is missing required property "in"`,
    );
  });

  it('reports a Swagger 2.0 reference that does not resolve as written in the 2.0 file', () => {
    expect(findingsOf('swagger-2-dangling-ref.yaml').map(formatFinding)).toEqual([
      `${shown('swagger-2-dangling-ref.yaml')}:10:21  error  resolvable-refs  $ref "#/definitions/Pets" does not resolve`,
    ]);
  });

  it('converts a valid Swagger 2.0 document; what the rules find is located in the 2.0 file', () => {
    expect(findingsOf('swagger-2-converted.yaml').map(formatFinding)).toEqual([
      `${shown('swagger-2-converted.yaml')}:7:7  error  unique-operation-ids  operationId "listPets" of GET /pets is also used by POST /pets`,
      `${shown('swagger-2-converted.yaml')}:11:7  error  unique-operation-ids  operationId "listPets" of POST /pets is also used by GET /pets`,
      `${shown('swagger-2-converted.yaml')}:18:3  warning  no-unreachable-schemas  schema "Orphan" is not used by any operation, webhook or other component`,
    ]);
  });

  it('names a missing entry file', () => {
    expect(findingsOf('no-such-spec.yaml').map(formatFinding)).toEqual([
      `${shown('no-such-spec.yaml')}:1:1  error  file-not-found  ${shown('no-such-spec.yaml')}: file not found`,
    ]);
  });
});
