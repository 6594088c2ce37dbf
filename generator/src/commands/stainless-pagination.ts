/**
 * The `pagination:` schemes of a `stainless.yml`, as zapgen's `x-zapgen-pagination`: Stainless
 * matches each scheme to the methods whose request has the scheme's `request` fields (query
 * parameters, or body fields with `param_location: body`) and whose response has its `response`
 * fields, unless a method says `paginated: false` or names its scheme (`paginated: <name>`).
 * The same matching runs here against the spec, and each matched method gets an Overlay 1.0
 * action adding the extension, so the spec stays as its authors keep it.
 *
 * zapgen pages by page number, offset or cursor (the runtime's `PaginationDefinition`):
 * `page_number`, `offset` and the three cursor types map to those; `fake_page` (a list answered
 * whole) has nothing to page, and a scheme that matched methods but cannot be expressed is a
 * warning naming it and them, never a silent drop. Field roles come from `x-stainless-pagination-property.purpose`
 * where the scheme gives one, else from the names Stainless's own examples use.
 * Reference: https://www.stainless.com/docs/configure/pagination and the config reference's
 * `PaginationScheme`/`PaginationProperty`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import type { PaginationDefinition } from '@zapgen/runtime';
import { hasErrors, loadSpec } from '../load/index.js';
import { buildModel } from '../model/index.js';
import type { ApiModel, OperationModel, SchemaModel } from '../model/types.js';
import { fromStainlessYaml, type StainlessMethod } from '../config/stainless.js';

/** One field of a scheme's `request` or `response`: its name, JSON Schema type and purpose. */
interface SchemeField {
  name: string;
  type?: string;
  purpose?: string;
  topLevelArray?: boolean;
}

export interface StainlessScheme {
  name: string;
  type: string;
  request: SchemeField[];
  response: SchemeField[];
  paramLocation: 'query' | 'body';
}

/** One Overlay 1.0 action: `update` merged into the operation that `target` selects. */
export interface OverlayAction {
  target: string;
  description: string;
  update: { 'x-zapgen-pagination': PaginationDefinition };
}

export interface PaginationImport {
  actions: OverlayAction[];
  /** What could not be imported, each naming the scheme and the methods. */
  warnings: string[];
  /** The methods paginated, by scheme name (for the summary). */
  imported: number;
}

/** The `pagination:` schemes of a `stainless.yml`'s text; none when it has no such list. */
export function readPaginationSchemes(text: string): StainlessScheme[] {
  const document = parse(text) as unknown;
  const list = isRecord(document) ? document.pagination : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry): StainlessScheme[] => {
    if (!isRecord(entry) || typeof entry.name !== 'string' || typeof entry.type !== 'string')
      return [];
    return [
      {
        name: entry.name,
        type: entry.type,
        request: fields(entry.request),
        response: fields(entry.response),
        paramLocation: entry.param_location === 'body' ? 'body' : 'query',
      },
    ];
  });
}

function fields(value: unknown): SchemeField[] {
  if (!isRecord(value)) return [];
  return Object.entries(value).map(([name, schema]) => {
    const property = isRecord(schema) ? schema['x-stainless-pagination-property'] : undefined;
    return {
      name,
      ...(isRecord(schema) && typeof schema.type === 'string' && { type: schema.type }),
      ...(isRecord(property) &&
        typeof property.purpose === 'string' && { purpose: property.purpose }),
      ...(isRecord(property) && property.is_top_level_array === true && { topLevelArray: true }),
    };
  });
}

/** Size parameters by the names Stainless's examples and common APIs use, most likely first. */
const SIZE_NAMES = ['limit', 'page_size', 'per_page', 'pageSize', 'perPage', 'size', 'count'];

/** The field of `list` with `purpose`, else the one named `fallback`. */
function role(list: readonly SchemeField[], purpose: string, fallback?: string) {
  return (
    list.find((field) => field.purpose === purpose) ??
    (fallback === undefined
      ? undefined
      : list.find((field) => field.purpose === undefined && field.name === fallback))
  );
}

/** The page-size parameter: an integer request field that has no other role. */
function sizeField(scheme: StainlessScheme, taken: string): SchemeField | undefined {
  const free = scheme.request.filter(
    (field) => field.name !== taken && field.purpose === undefined && field.type !== 'string',
  );
  return SIZE_NAMES.map((name) => free.find((field) => field.name === name)).find(Boolean);
}

/** Where the items of a page are: `''` for a top-level array. */
function itemsField(scheme: StainlessScheme): string | undefined {
  const items =
    role(scheme.response, 'items') ??
    scheme.response.find((field) => field.type === 'array') ??
    role(scheme.response, 'items', 'data');
  if (!items) return undefined;
  return items.topLevelArray ? '' : items.name;
}

/**
 * The `x-zapgen-pagination` of `scheme`, or why it has none (a sentence that completes
 * "zapgen cannot page it: …").
 */
export function paginationOf(scheme: StainlessScheme): PaginationDefinition | string {
  if (scheme.paramLocation === 'body')
    return 'its parameters are in the request body, and zapgen pages through query parameters';
  const items = itemsField(scheme);
  if (scheme.type === 'page_number') {
    const page = role(scheme.request, 'page_number_param', 'page');
    if (!page) return 'its request names no page_number_param (or `page`) field';
    if (items === undefined) return 'its response names no items (or array) field';
    const size = sizeField(scheme, page.name);
    const total = role(scheme.response, 'total_page_count_field');
    return {
      kind: 'page',
      pageParameter: page.name,
      ...(size && { sizeParameter: size.name }),
      itemsField: items,
      ...(total && { totalPagesField: total.name }),
      firstPage: 1,
    };
  }
  if (scheme.type === 'offset') {
    const offset = role(scheme.request, 'offset_count_param', 'offset');
    if (!offset) return 'its request names no offset_count_param (or `offset`) field';
    const limit = sizeField(scheme, offset.name);
    if (!limit)
      return `its request has no page-size field (${SIZE_NAMES.join(', ')}), which zapgen's offset paging needs`;
    if (items === undefined) return 'its response names no items (or array) field';
    const total = role(scheme.response, 'offset_total_count_field');
    // A `has_next_page` flag ends the paging where the runtime reads `nextField` (offset only).
    const next = role(scheme.response, 'has_next_page');
    return {
      kind: 'offset',
      offsetParameter: offset.name,
      limitParameter: limit.name,
      itemsField: items,
      ...(next && { nextField: next.name }),
      ...(total && { totalItemsField: total.name }),
    };
  }
  if (scheme.type === 'cursor' || scheme.type === 'cursor_id' || scheme.type === 'cursor_url')
    return cursorPaginationOf(scheme, items);
  if (scheme.type === 'fake_page')
    return 'a fake_page list is answered whole, in one page: there is nothing to page (the method stays a plain list)';
  return `its type ${JSON.stringify(scheme.type)} is none of Stainless's (page_number, offset, cursor, cursor_id, cursor_url, fake_page)`;
}

/** Cursor parameters by the names Stainless SDKs and common APIs use. */
const CURSOR_PARAMETER_NAMES = [
  'cursor',
  'after',
  'starting_after',
  'page_token',
  'pageToken',
  'next_token',
  'after_id',
];
const NEXT_CURSOR_NAMES = [
  'next_cursor',
  'nextCursor',
  'next_page_token',
  'nextPageToken',
  'last_id',
  'cursor',
];
const NEXT_URL_NAMES = ['next', 'next_url', 'next_page_url', 'next_page', 'nextPage'];

/** The first field of `list` with one of `purposes`, else the first named one of `names`. */
function roleAmong(
  list: readonly SchemeField[],
  purposes: readonly string[],
  names: readonly string[],
): SchemeField | undefined {
  for (const purpose of purposes) {
    const found = list.find((field) => field.purpose === purpose);
    if (found) return found;
  }
  for (const name of names) {
    const found = list.find((field) => field.purpose === undefined && field.name === name);
    if (found) return found;
  }
  return undefined;
}

/**
 * Stainless's three cursor types as one `cursor` pagination: `cursor` has the next cursor in a
 * response field, `cursor_url` a next-page URL whose cursor parameter is taken, `cursor_id` the
 * id of the last item (openai-node's `CursorPage`: `after=<last id>` while `has_more`).
 */
function cursorPaginationOf(
  scheme: StainlessScheme,
  items: string | undefined,
): PaginationDefinition | string {
  const cursor = roleAmong(
    scheme.request,
    ['next_cursor_param', 'next_cursor_id_param'],
    CURSOR_PARAMETER_NAMES,
  );
  if (!cursor) return 'its request names no next_cursor_param (or `cursor`, `after`, …) field';
  if (items === undefined) return 'its response names no items (or array) field';
  const size = sizeField(scheme, cursor.name);
  const hasMore = roleAmong(scheme.response, ['has_next_page'], ['has_more', 'hasMore']);
  let next: Pick<
    Extract<PaginationDefinition, { kind: 'cursor' }>,
    'nextCursorField' | 'nextUrlField' | 'cursorItemField'
  >;
  if (scheme.type === 'cursor_id') {
    next = { cursorItemField: 'id' };
  } else {
    const url = scheme.type === 'cursor_url';
    const field = roleAmong(
      scheme.response,
      url ? ['cursor_url_field'] : ['next_cursor_field'],
      url ? NEXT_URL_NAMES : NEXT_CURSOR_NAMES,
    );
    if (!field)
      return `its response names no ${url ? 'cursor_url_field (or `next`, …)' : 'next_cursor_field (or `next_cursor`, …)'} field`;
    next = url ? { nextUrlField: field.name } : { nextCursorField: field.name };
  }
  return {
    kind: 'cursor',
    cursorParameter: cursor.name,
    ...(size && { sizeParameter: size.name }),
    itemsField: items,
    ...next,
    ...(hasMore && { hasMoreField: hasMore.name }),
  };
}

/** The names of the top-level fields of `schema` (through references and `allOf`). */
function propertyNames(model: ApiModel, schema: SchemaModel, seen = new Set<string>()): string[] {
  if (schema.kind === 'ref') {
    if (seen.has(schema.name)) return [];
    seen.add(schema.name);
    const target = model.schemas.find((entry) => entry.name === schema.name)?.schema;
    return target ? propertyNames(model, target, seen) : [];
  }
  if (schema.kind === 'object') return schema.properties.map((property) => property.name);
  if (schema.kind === 'intersection')
    return schema.parts.flatMap((part) => propertyNames(model, part, seen));
  return [];
}

function isArray(model: ApiModel, schema: SchemaModel): boolean {
  if (schema.kind !== 'ref') return schema.kind === 'array';
  const target = model.schemas.find((entry) => entry.name === schema.name)?.schema;
  return target !== undefined && target.kind === 'array';
}

/** True when `operation` has every request and response field of `scheme`, as Stainless matches. */
function matches(model: ApiModel, operation: OperationModel, scheme: StainlessScheme): boolean {
  const json = (content: readonly { mediaType: string; schema: SchemaModel }[]) =>
    content.find((media) => /\bjson\b/i.test(media.mediaType))?.schema;
  const requestNames =
    scheme.paramLocation === 'body'
      ? (() => {
          const body = json(operation.requestBody?.content ?? []);
          return body ? propertyNames(model, body) : [];
        })()
      : operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  if (!scheme.request.every((field) => requestNames.includes(field.name))) return false;
  const success = operation.responses.find((response) => /^2/.test(response.status));
  const body = success && json(success.content);
  if (!body) return false;
  if (scheme.response.some((field) => field.topLevelArray)) return isArray(model, body);
  const names = propertyNames(model, body);
  return scheme.response.length > 0 && scheme.response.every((field) => names.includes(field.name));
}

/** `$.paths['/a/{b}'].get`: a JSONPath string literal escapes `\` and `'`. */
function targetOf(operation: OperationModel): string {
  return `$.paths['${operation.path.replace(/[\\']/g, (char) => `\\${char}`)}'].${operation.method}`;
}

/**
 * The overlay actions that page the methods of `methods` (from the `stainless.yml`) whose
 * operations in `model` match a scheme of `schemes`, and a warning for each scheme that matched
 * methods zapgen cannot page, for a method's `paginated:` scheme that does not exist or does
 * not fit, and for an operation the spec paginates already (its own extension is kept).
 */
export function importPagination({
  schemes,
  methods,
  model,
}: {
  schemes: readonly StainlessScheme[];
  methods: readonly StainlessMethod[];
  model: ApiModel;
}): PaginationImport {
  const actions: OverlayAction[] = [];
  const warnings: string[] = [];
  const unexpressed = new Map<StainlessScheme, string[]>();
  const done = new Set<OperationModel>();
  for (const method of methods) {
    if (method.paginated === false) continue;
    const [verb, route] = method.endpoint.split(' ');
    const operation = model.operations.find(
      (candidate) => candidate.method === verb && candidate.path === route,
    );
    if (!operation || done.has(operation)) continue;
    const label = `${method.member} (${method.endpoint})`;
    let candidates = schemes;
    if (typeof method.paginated === 'string') {
      const named = schemes.find((scheme) => scheme.name === method.paginated);
      if (!named) {
        warnings.push(
          `${label}: paginated: ${JSON.stringify(method.paginated)} names no scheme of pagination:; not paginated`,
        );
        continue;
      }
      candidates = [named];
    }
    const scheme = candidates.find((candidate) => matches(model, operation, candidate));
    if (!scheme) {
      if (typeof method.paginated === 'string')
        warnings.push(
          `${label}: paginated: ${method.paginated}, but its request or response lacks a field of that scheme; not paginated`,
        );
      continue;
    }
    done.add(operation);
    const pagination = paginationOf(scheme);
    if (typeof pagination === 'string') {
      unexpressed.set(scheme, [...(unexpressed.get(scheme) ?? []), label]);
      continue;
    }
    if (operation.extensions.pagination) {
      warnings.push(
        `${label}: the spec has its own x-zapgen-pagination, which is kept (scheme ${scheme.name} not applied)`,
      );
      continue;
    }
    actions.push({
      target: targetOf(operation),
      description: `${method.member}: Stainless pagination scheme ${scheme.name} (${scheme.type})`,
      update: { 'x-zapgen-pagination': pagination },
    });
  }
  for (const [scheme, labels] of unexpressed)
    warnings.push(
      `pagination scheme ${scheme.name} (type ${scheme.type}) is not imported, zapgen cannot page it: ${paginationOf(scheme) as string}; its methods stay unpaginated: ${labels.join(', ')}`,
    );
  return { actions, warnings, imported: actions.length };
}

/** The overlay file `zapgen init --from-stainless` writes beside the config. */
export const PAGINATION_OVERLAY = 'stainless-pagination.overlay.yaml';

/**
 * The pagination of the `stainless.yml` `stainless` for `spec`, as the text of an overlay to
 * write at `file` (in `folder`), with its warnings; no file when nothing was paginated.
 */
export function paginationOverlay({
  stainless,
  spec,
  folder,
}: {
  stainless: string;
  spec: string;
  folder: string;
}): { file?: string; text: string; paginated: number; warnings: string[] } {
  const text = readFileSync(stainless, 'utf8');
  const schemes = readPaginationSchemes(text);
  if (!schemes.length) return { text: '', paginated: 0, warnings: [] };
  const loaded = loadSpec(spec);
  if (!loaded.document || hasErrors(loaded.findings))
    return {
      text: '',
      paginated: 0,
      warnings: [
        `the pagination of ${stainless} is not imported: the spec has errors (zapgen check shows them)`,
      ],
    };
  let model: ApiModel;
  try {
    model = buildModel(loaded.document);
  } catch (error) {
    return {
      text: '',
      paginated: 0,
      warnings: [
        `the pagination of ${stainless} is not imported: the spec cannot be read (${(error as Error).message.split('\n')[0]}); zapgen check says where`,
      ],
    };
  }
  const found = importPagination({ schemes, methods: fromStainlessYaml(text), model });
  if (!found.actions.length) return { text: '', paginated: 0, warnings: found.warnings };
  const overlay = {
    overlay: '1.0.0',
    info: {
      title: `The pagination of ${path.basename(stainless)}, written by zapgen init --from-stainless`,
      version: '1.0.0',
    },
    actions: found.actions,
  };
  return {
    file: path.join(folder, PAGINATION_OVERLAY),
    text: stringify(overlay, { lineWidth: 0 }),
    paginated: found.imported,
    warnings: found.warnings,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
