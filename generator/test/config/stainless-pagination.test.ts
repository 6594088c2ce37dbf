/**
 * `zapgen init --from-stainless stainless.yml` imports the `pagination:` schemes: each scheme
 * (page_number, offset, cursor, cursor_id, cursor_url) becomes `x-zapgen-pagination` on the
 * methods it matches, through an overlay beside the config; a scheme it cannot page (fake_page,
 * parameters in the body, …) is a warning naming the scheme and its methods, never a silent drop.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import {
  importPagination,
  paginationOf,
  readPaginationSchemes,
  type StainlessScheme,
} from '../../src/commands/stainless-pagination.js';
import { runInit } from '../../src/commands/init.js';
import { fromStainlessYaml } from '../../src/config/stainless.js';
import { loadConfig } from '../../src/config/load.js';
import { loadSpec } from '../../src/load/index.js';
import { buildModel } from '../../src/model/index.js';
import { generate } from '../../src/pipeline.js';
import { definitionsEmitter } from '../../src/emit/definitions/index.js';

const STAINLESS = `pagination:
  - name: offset_page
    type: offset
    request:
      offset: { type: integer, x-stainless-pagination-property: { purpose: offset_count_param } }
      limit: { type: integer }
    response:
      data: { type: array, items: {} }
      total_count:
        type: integer
        x-stainless-pagination-property: { purpose: offset_total_count_field }
  - name: page_number_page
    type: page_number
    request:
      page: { type: integer, x-stainless-pagination-property: { purpose: page_number_param } }
      page_size: { type: integer }
    response:
      items: { type: array, items: {}, x-stainless-pagination-property: { purpose: items } }
      total_pages:
        type: integer
        x-stainless-pagination-property: { purpose: total_page_count_field }
  - name: cursor_page
    type: cursor_id
    request:
      starting_after:
        type: string
        x-stainless-pagination-property: { purpose: next_cursor_id_param }
      limit: { type: integer }
    response:
      data: { type: array, items: {} }
      has_more: { type: boolean }
  - name: next_cursor_page
    type: cursor
    request:
      cursor: { type: string, x-stainless-pagination-property: { purpose: next_cursor_param } }
      page_size: { type: integer }
    response:
      results: { type: array, items: {} }
      next_cursor:
        type: string
        x-stainless-pagination-property: { purpose: next_cursor_field }
  - name: link_page
    type: cursor_url
    request:
      page_token: { type: string }
    response:
      entries: { type: array, items: {} }
      next_page: { type: string, x-stainless-pagination-property: { purpose: cursor_url_field } }
resources:
  accounts:
    methods:
      list: get /accounts
      create: post /accounts
      archived: { endpoint: get /accounts/archived, paginated: false }
    subresources:
      invoices:
        methods:
          list: get /accounts/{id}/invoices
  events:
    methods:
      list: get /events
  transfers:
    methods:
      list: get /transfers
  payouts:
    methods:
      list: get /payouts
  cards:
    methods:
      list: { endpoint: get /cards, paginated: no_such_page }
`;

/** What the schemes become. */
const OFFSET_PAGE = {
  kind: 'offset',
  offsetParameter: 'offset',
  limitParameter: 'limit',
  itemsField: 'data',
  totalItemsField: 'total_count',
};
const CURSOR_ID_PAGE = {
  kind: 'cursor',
  cursorParameter: 'starting_after',
  sizeParameter: 'limit',
  itemsField: 'data',
  cursorItemField: 'id',
  hasMoreField: 'has_more',
};
const NEXT_CURSOR_PAGE = {
  kind: 'cursor',
  cursorParameter: 'cursor',
  sizeParameter: 'page_size',
  itemsField: 'results',
  nextCursorField: 'next_cursor',
};
const LINK_PAGE = {
  kind: 'cursor',
  cursorParameter: 'page_token',
  itemsField: 'entries',
  nextUrlField: 'next_page',
};
const PAGE_NUMBER_PAGE = {
  kind: 'page',
  pageParameter: 'page',
  sizeParameter: 'page_size',
  itemsField: 'items',
  totalPagesField: 'total_pages',
  firstPage: 1,
};

const query = (name: string, type = 'integer') => ({ name, in: 'query', schema: { type } });
const list = (operationId: string, parameters: unknown[], properties: object) => ({
  get: {
    operationId,
    parameters,
    responses: {
      '200': {
        description: 'A page',
        content: { 'application/json': { schema: { type: 'object', properties } } },
      },
    },
  },
});
const array = { type: 'array', items: { $ref: '#/components/schemas/Account' } };
const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Bank', version: '1.0.0' },
  paths: {
    '/accounts': {
      ...list('listAccounts', [query('offset'), query('limit')], {
        data: array,
        total_count: { type: 'integer' },
      }),
      post: { operationId: 'createAccount', responses: { '201': { description: 'Created' } } },
    },
    '/accounts/archived': list('listArchived', [query('offset'), query('limit')], {
      data: array,
      total_count: { type: 'integer' },
    }),
    '/accounts/{id}/invoices': {
      ...list(
        'listInvoices',
        [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          query('page'),
          query('page_size'),
        ],
        { items: array, total_pages: { type: 'integer' } },
      ),
    },
    '/events': list('listEvents', [query('starting_after', 'string'), query('limit')], {
      data: array,
      has_more: { type: 'boolean' },
    }),
    '/transfers': list('listTransfers', [query('cursor', 'string'), query('page_size')], {
      results: array,
      next_cursor: { type: ['string', 'null'] },
    }),
    '/payouts': list('listPayouts', [query('page_token', 'string')], {
      entries: array,
      next_page: { type: 'string' },
    }),
    '/cards': list('listCards', [query('offset'), query('limit')], {
      data: array,
      total_count: { type: 'integer' },
    }),
  },
  components: {
    schemas: { Account: { type: 'object', properties: { id: { type: 'string' } } } },
  },
};

describe('a Stainless pagination scheme as x-zapgen-pagination', () => {
  const ours = readPaginationSchemes(STAINLESS);
  const named = (name: string) => ours.find((scheme) => scheme.name === name)!;
  const scheme = (yaml: string) => readPaginationSchemes(`pagination:\n${yaml}`)[0]!;
  const cases: [string, { given: StainlessScheme; want: unknown }][] = [
    [
      'offset with purposes, a total and a limit',
      {
        given: named('offset_page'),
        want: OFFSET_PAGE,
      },
    ],
    [
      'offset by names only (no purposes), a top-level array',
      {
        given: scheme(`  - name: o
    type: offset
    request: { skip: { type: integer, x-stainless-pagination-property: { purpose: offset_count_param } }, per_page: { type: integer } }
    response: { data: { type: array, x-stainless-pagination-property: { is_top_level_array: true } } }`),
        want: {
          kind: 'offset',
          offsetParameter: 'skip',
          limitParameter: 'per_page',
          itemsField: '',
        },
      },
    ],
    [
      'page_number with a size and a page count',
      {
        given: named('page_number_page'),
        want: PAGE_NUMBER_PAGE,
      },
    ],
    [
      'offset with a has_next_page flag: the runtime stops where it is false',
      {
        given: scheme(`  - name: o
    type: offset
    request: { offset: { type: integer }, limit: { type: integer } }
    response:
      data: { type: array }
      has_more: { type: boolean, x-stainless-pagination-property: { purpose: has_next_page } }`),
        want: {
          kind: 'offset',
          offsetParameter: 'offset',
          limitParameter: 'limit',
          itemsField: 'data',
          nextField: 'has_more',
        },
      },
    ],
    [
      'page_number by name, without a size',
      {
        given: scheme(`  - name: p
    type: page_number
    request: { page: { type: integer } }
    response: { results: { type: array } }`),
        want: { kind: 'page', pageParameter: 'page', itemsField: 'results', firstPage: 1 },
      },
    ],
    [
      'offset without a page size: not expressible',
      {
        given: scheme(`  - name: o
    type: offset
    request: { offset: { type: integer } }
    response: { data: { type: array } }`),
        want: expect.stringContaining('no page-size field') as unknown,
      },
    ],
    [
      'cursor_id: after the last item id, while has_more',
      { given: named('cursor_page'), want: CURSOR_ID_PAGE },
    ],
    [
      'cursor: the next cursor field by purpose',
      { given: named('next_cursor_page'), want: NEXT_CURSOR_PAGE },
    ],
    [
      'cursor_url: the cursor parameter of the next URL, the cursor parameter by name',
      { given: named('link_page'), want: LINK_PAGE },
    ],
    [
      'cursor by names only (openai-node ConversationCursorPage: after, last_id, has_more)',
      {
        given: scheme(`  - name: c
    type: cursor
    request: { after: { type: string }, limit: { type: integer } }
    response: { data: { type: array }, last_id: { type: string }, has_more: { type: boolean } }`),
        want: {
          kind: 'cursor',
          cursorParameter: 'after',
          sizeParameter: 'limit',
          itemsField: 'data',
          nextCursorField: 'last_id',
          hasMoreField: 'has_more',
        },
      },
    ],
    ...(['cursor', 'cursor_url'] as const).map(
      (type): [string, { given: StainlessScheme; want: unknown }] => [
        `${type} without a cursor parameter: not expressible`,
        {
          given: scheme(`  - name: c\n    type: ${type}\n    request: {}\n    response: {}`),
          want: expect.stringContaining('no next_cursor_param') as unknown,
        },
      ],
    ),
    [
      'cursor without a next cursor field: not expressible',
      {
        given: scheme(`  - name: c
    type: cursor
    request: { cursor: { type: string } }
    response: { data: { type: array } }`),
        want: expect.stringContaining('no next_cursor_field') as unknown,
      },
    ],
    [
      'fake_page: not expressible',
      {
        given: scheme(
          `  - name: f\n    type: fake_page\n    request: {}\n    response: { data: { type: array } }`,
        ),
        want: expect.stringContaining('fake_page') as unknown,
      },
    ],
    [
      'parameters in the body: not expressible',
      {
        given: scheme(`  - name: b
    type: offset
    param_location: body
    request: { offset: { type: integer }, limit: { type: integer } }
    response: { data: { type: array } }`),
        want: expect.stringContaining('request body') as unknown,
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(paginationOf(given)).toEqual(want);
  });
});

describe('matching the schemes to the methods of the spec', () => {
  const found = importPagination({
    schemes: readPaginationSchemes(STAINLESS),
    methods: fromStainlessYaml(STAINLESS),
    model: buildModel(structuredClone(SPEC)),
  });
  const targets: [string, { want: unknown }][] = [
    [
      "$.paths['/accounts'].get",
      {
        want: OFFSET_PAGE,
      },
    ],
    [
      "$.paths['/accounts/{id}/invoices'].get",
      {
        want: PAGE_NUMBER_PAGE,
      },
    ],
    ["$.paths['/events'].get", { want: CURSOR_ID_PAGE }],
    ["$.paths['/transfers'].get", { want: NEXT_CURSOR_PAGE }],
    ["$.paths['/payouts'].get", { want: LINK_PAGE }],
  ];
  it.each(targets)('%s is paginated', (target, { want }) => {
    const action = found.actions.find((candidate) => candidate.target === target);
    expect(action?.update['x-zapgen-pagination']).toEqual(want);
  });

  it('pages nothing else: not a POST, not paginated: false', () => {
    expect(found.actions.map((action) => action.target)).toEqual(targets.map(([target]) => target));
  });

  it('warns for a paginated: naming no scheme', () => {
    expect(found.warnings).toEqual([
      'cards.list (get /cards): paginated: "no_such_page" names no scheme of pagination:; not paginated',
    ]);
  });

  it('warns for a fake_page scheme with its methods', () => {
    const text = `pagination:
  - name: everything
    type: fake_page
    request: {}
    response: { data: { type: array } }
resources:
  accounts:
    methods:
      list: get /accounts
`;
    const fake = importPagination({
      schemes: readPaginationSchemes(text),
      methods: fromStainlessYaml(text),
      model: buildModel(structuredClone(SPEC)),
    });
    expect(fake.actions).toEqual([]);
    expect(fake.warnings).toEqual([
      'pagination scheme everything (type fake_page) is not imported, zapgen cannot page it: a fake_page list is answered whole, in one page: there is nothing to page (the method stays a plain list); its methods stay unpaginated: accounts.list (get /accounts)',
    ]);
  });

  it("keeps the spec's own x-zapgen-pagination, with a warning", () => {
    const spec = structuredClone(SPEC) as Record<string, any>;
    spec.paths['/accounts'].get['x-zapgen-pagination'] = {
      kind: 'offset',
      offsetParameter: 'offset',
      limitParameter: 'limit',
      itemsField: 'data',
    };
    const own = importPagination({
      schemes: readPaginationSchemes(STAINLESS),
      methods: fromStainlessYaml(STAINLESS),
      model: buildModel(spec),
    });
    expect(own.actions.map((action) => action.target)).toEqual([
      "$.paths['/accounts/{id}/invoices'].get",
      "$.paths['/events'].get",
      "$.paths['/transfers'].get",
      "$.paths['/payouts'].get",
    ]);
    expect(own.warnings).toContain(
      'accounts.list (get /accounts): the spec has its own x-zapgen-pagination, which is kept (scheme offset_page not applied)',
    );
  });
});

describe('zapgen init --from-stainless stainless.yml', () => {
  let dir: string;
  const io = () => {
    const out = { stdout: [] as string[], stderr: [] as string[] };
    return {
      out,
      io: {
        stdout: (text: string) => out.stdout.push(text),
        stderr: (text: string) => out.stderr.push(text),
      },
    };
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'zapgen-stainless-pagination-'));
    writeFileSync(path.join(dir, 'openapi.yaml'), stringify(SPEC));
    writeFileSync(path.join(dir, 'stainless.yml'), STAINLESS);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const init = (force = false) => {
    const { out, io: streams } = io();
    const code = runInit({
      io: streams,
      targets: [
        {
          api: 'bank',
          spec: path.join(dir, 'openapi.yaml'),
          out: path.join(dir, 'packages/bank'),
          packageName: '@acme/bank',
        },
      ],
      file: path.join(dir, 'zapgen.config.json'),
      force,
      stainless: path.join(dir, 'stainless.yml'),
    });
    return { code, ...out };
  };

  it('writes the overlay, lists it in the config, and the spec loads paginated through it', async () => {
    const { code, stdout, stderr } = init();
    expect(code, stderr.join('\n')).toBe(0);
    expect(stdout.join('')).toContain(
      'stainless-pagination.overlay.yaml (pagination of 5 methods)',
    );
    expect(stderr.join('\n')).not.toContain('cursor_page');
    const config = await loadConfig(path.join(dir, 'zapgen.config.json'));
    expect(
      JSON.parse(readFileSync(path.join(dir, 'zapgen.config.json'), 'utf8')).apis[0].overlays,
    ).toEqual(['stainless-pagination.overlay.yaml']);
    expect(config.apis[0]!.overlays!.map((file) => path.resolve(file))).toEqual([
      path.join(dir, 'stainless-pagination.overlay.yaml'),
    ]);
    const loaded = loadSpec(path.join(dir, 'openapi.yaml'), { overlays: config.apis[0]!.overlays });
    expect(loaded.findings.filter((finding) => finding.rule === 'overlay')).toEqual([]);
    const model = buildModel(loaded.document!);
    const paged = Object.fromEntries(
      model.operations.map((operation) => [
        operation.operationId,
        operation.extensions.pagination?.kind,
      ]),
    );
    expect(paged).toEqual({
      listAccounts: 'offset',
      createAccount: undefined,
      listArchived: undefined,
      listInvoices: 'page',
      listEvents: 'cursor',
      listTransfers: 'cursor',
      listPayouts: 'cursor',
      listCards: undefined,
    });
    // Generated through the config's overlay, the routes carry the pagination the runtime pages by.
    const out = path.join(dir, 'packages/bank');
    await generate({
      spec: path.join(dir, 'openapi.yaml'),
      out,
      overlays: config.apis[0]!.overlays!,
      packageName: '@acme/bank',
      emitters: [definitionsEmitter],
    });
    const routes = readFileSync(path.join(out, 'src/routes.ts'), 'utf8');
    expect(routes.match(/kind: '(?:offset|page|cursor)'/g)?.sort()).toEqual([
      "kind: 'cursor'",
      "kind: 'cursor'",
      "kind: 'cursor'",
      "kind: 'offset'",
      "kind: 'page'",
    ]);
  });

  it('never replaces an overlay it did not write, and then writes no config either', () => {
    writeFileSync(path.join(dir, 'stainless-pagination.overlay.yaml'), 'mine\n');
    const { code, stderr } = init();
    expect(code).toBe(1);
    expect(stderr.join('\n')).toContain('stainless-pagination.overlay.yaml exists already');
    expect(readFileSync(path.join(dir, 'stainless-pagination.overlay.yaml'), 'utf8')).toBe(
      'mine\n',
    );
    expect(existsSync(path.join(dir, 'zapgen.config.json'))).toBe(false);
  });

  it('an existing config keeps no half-written overlay beside it', () => {
    writeFileSync(path.join(dir, 'zapgen.config.json'), '{}\n');
    const { code } = init();
    expect(code).toBe(1);
    expect(existsSync(path.join(dir, 'stainless-pagination.overlay.yaml'))).toBe(false);
    expect(init(true).code).toBe(0);
  });
});
