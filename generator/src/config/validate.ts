/**
 * Checks a loaded config value against `ZapgenConfig` and resolves it: every problem names the
 * option (`apis[1].filter.tags.include[0]`), so that the CLI can print it with the file.
 */
import path from 'node:path';
import validatePackageName from 'validate-npm-package-name';
import { apiNameOf } from '../load/api.js';
import { resolveEntry } from '../load/load-spec.js';
import { specRootProblem } from '../load/spec-files.js';
import { parseNamespaced } from './namespaced.js';
import {
  HTTP_METHODS,
  type ApiConfig,
  type FilterConfig,
  type HttpMethod,
  type NamesConfig,
  type NamespacesConfig,
  type ReadWriteMode,
  type TransformersConfig,
} from './types.js';

const METHODS: readonly HttpMethod[] = HTTP_METHODS;

/** A problem of the config: the option's path and what is wrong with it. */
export interface ConfigProblem {
  option: string;
  message: string;
}

/** One API of a config, its paths resolved against the config's folder. */
export interface ResolvedApi {
  name: string;
  /** The spec, as a path relative to the working directory (absolute when outside it). */
  spec: string;
  out: string;
  packageName: string;
  filter?: FilterConfig;
  /** Overlay files, relative to the working directory (absolute when outside it). */
  overlays?: string[];
  /** The folder `$ref`s may read files in, relative to the working directory (absolute when outside it). */
  specRoot?: string;
  names?: NamesConfig;
  namespaces?: NamespacesConfig;
  readWrite?: ReadWriteMode;
  transformers?: TransformersConfig;
}

const API_KEYS = [
  'name',
  'spec',
  'output',
  'packageName',
  'filter',
  'overlays',
  'specRoot',
  'names',
  'namespaces',
  'readWrite',
  'transformers',
];
const FILTER_KEYS = ['tags', 'paths', 'methods', 'operationIds', 'deprecated'];

/**
 * The APIs of `value` (the config module's default export or the JSON document), with paths
 * resolved against `folder`, or every problem found.
 */
export function resolveConfig({
  value,
  folder,
}: {
  value: unknown;
  folder: string;
}): { apis: ResolvedApi[] } | { problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const report = (option: string, message: string) => problems.push({ option, message });
  if (!isRecord(value)) {
    report('(default export)', 'must be an object: export default defineConfig({ apis: [...] })');
    return { problems };
  }
  unknownKeys({ value, allowed: ['apis', '$schema'], at: '', report });
  if (!Array.isArray(value.apis) || value.apis.length === 0) {
    report('apis', 'must be a non-empty list of APIs ({ spec, output, ... })');
    return { problems };
  }
  const apis: ResolvedApi[] = [];
  (value.apis as unknown[]).forEach((entry, index) => {
    const at = `apis[${index}]`;
    const api = resolveApi({ entry, at, folder, report });
    if (api) apis.push(api);
  });
  for (const [key, label] of [
    ['name', 'name'],
    ['out', 'output'],
  ] as const) {
    const seen = new Map<string, number>();
    apis.forEach((api, index) => {
      const id = key === 'out' ? path.resolve(api.out) : api.name;
      const first = seen.get(id);
      if (first !== undefined)
        report(
          `apis[${index}].${label}`,
          `is the same ${label} as apis[${first}].${label}; each API needs its own`,
        );
      else seen.set(id, index);
    });
  }
  return problems.length ? { problems } : { apis };
}

function resolveApi({
  entry,
  at,
  folder,
  report,
}: {
  entry: unknown;
  at: string;
  folder: string;
  report: (option: string, message: string) => void;
}): ResolvedApi | undefined {
  if (!isRecord(entry)) {
    report(at, 'must be an object with spec and output');
    return undefined;
  }
  unknownKeys({ value: entry, allowed: API_KEYS, at: `${at}.`, report });
  const api = entry as Partial<Record<keyof ApiConfig, unknown>>;
  const spec = nonEmptyString({ value: api.spec, option: `${at}.spec`, report, required: true });
  const output = nonEmptyString({
    value: api.output,
    option: `${at}.output`,
    report,
    required: true,
  });
  const name = nonEmptyString({ value: api.name, option: `${at}.name`, report });
  const packageName = nonEmptyString({
    value: api.packageName,
    option: `${at}.packageName`,
    report,
  });
  if (packageName !== undefined) {
    const { validForNewPackages, errors = [], warnings = [] } = validatePackageName(packageName);
    if (!validForNewPackages)
      report(
        `${at}.packageName`,
        `${JSON.stringify(packageName)} is not a valid npm package name: ${[...errors, ...warnings].join('; ')}`,
      );
  }
  const filter =
    api.filter === undefined ? undefined : checkFilter(api.filter, `${at}.filter`, report);
  const names = api.names === undefined ? undefined : checkNames(api.names, `${at}.names`, report);
  const namespaces =
    api.namespaces === undefined
      ? undefined
      : checkNamespaces(api.namespaces, `${at}.namespaces`, report);
  const transformers =
    api.transformers === undefined
      ? undefined
      : checkTransformers(api.transformers, `${at}.transformers`, report);
  const overlays = checkOverlays(api.overlays, `${at}.overlays`, report);
  const specRootGiven = nonEmptyString({ value: api.specRoot, option: `${at}.specRoot`, report });
  const readWrite = api.readWrite;
  if (readWrite !== undefined && readWrite !== 'shared' && readWrite !== 'split')
    report(
      `${at}.readWrite`,
      `must be 'shared' (one type per schema, the default) or 'split' (request and response shapes), not ${JSON.stringify(readWrite)}`,
    );
  if (spec === undefined || output === undefined) return undefined;
  const specPath = relativeToCwd(path.resolve(folder, spec));
  const apiName = name ?? apiNameOf(specPath);
  const specRoot =
    specRootGiven === undefined ? undefined : relativeToCwd(path.resolve(folder, specRootGiven));
  const specRootMistake =
    specRoot === undefined ? undefined : specRootProblem(specRoot, resolveEntry(specPath));
  if (specRootMistake !== undefined) report(`${at}.specRoot`, specRootMistake);
  return {
    name: apiName,
    spec: specPath,
    out: relativeToCwd(path.resolve(folder, output)),
    packageName: packageName ?? `@zapgen/${apiName}`,
    ...(filter && { filter }),
    ...(overlays && {
      overlays: overlays.map((overlay) => relativeToCwd(path.resolve(folder, overlay))),
    }),
    ...(specRoot !== undefined && { specRoot }),
    ...(names && { names }),
    ...(namespaces && { namespaces }),
    ...(readWrite === 'split' && { readWrite }),
    ...(transformers && { transformers }),
  };
}

function checkTransformers(
  value: unknown,
  at: string,
  report: (option: string, message: string) => void,
): TransformersConfig | undefined {
  if (!isRecord(value)) {
    report(at, 'must be an object ({ dates?: boolean, bigint?: boolean })');
    return undefined;
  }
  unknownKeys({ value, allowed: ['dates', 'bigint'], at: `${at}.`, report });
  for (const key of ['dates', 'bigint'] as const)
    if (value[key] !== undefined && typeof value[key] !== 'boolean')
      report(`${at}.${key}`, `must be true or false, not ${JSON.stringify(value[key])}`);
  // Only what is on shapes the package: `{ dates: false }` is the default output.
  const on: TransformersConfig = {
    ...(value.dates === true && { dates: true }),
    ...(value.bigint === true && { bigint: true }),
  };
  return Object.keys(on).length ? on : undefined;
}

function checkOverlays(
  value: unknown,
  at: string,
  report: (option: string, message: string) => void,
): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
    report(at, 'must be a list of overlay files (Overlay 1.0, YAML or JSON)');
    return undefined;
  }
  return value as string[];
}

function checkNames(
  value: unknown,
  at: string,
  report: (option: string, message: string) => void,
): NamesConfig | undefined {
  if (!isRecord(value)) {
    report(at, 'must be an object ({ functions })');
    return undefined;
  }
  unknownKeys({ value, allowed: ['functions'], at: `${at}.`, report });
  const { functions } = value;
  if (functions !== undefined && functions !== 'camelCase' && typeof functions !== 'function')
    report(
      `${at}.functions`,
      `must be 'camelCase' or a function (operation) => string | undefined`,
    );
  return value as NamesConfig;
}

function checkNamespaces(
  value: unknown,
  at: string,
  report: (option: string, message: string) => void,
): NamespacesConfig | undefined {
  if (!isRecord(value)) {
    report(at, 'must be an object ({ from, operations })');
    return undefined;
  }
  unknownKeys({ value, allowed: ['from', 'operations'], at: `${at}.`, report });
  const { from, operations } = value;
  if (from !== undefined && from !== 'tags' && from !== 'paths' && typeof from !== 'function')
    report(
      `${at}.from`,
      `must be 'tags', 'paths' or a function (operation) => 'namespace.method' | undefined`,
    );
  if (operations !== undefined) {
    if (!isRecord(operations))
      report(
        `${at}.operations`,
        `must be an object: { '<operationId or "get /path">': 'namespace.method' }`,
      );
    else
      for (const [key, target] of Object.entries(operations))
        if (
          !(Array.isArray(target) ? target : [target]).every(
            (item) => typeof item === 'string' && parseNamespaced(item),
          ) ||
          (Array.isArray(target) && !target.length)
        )
          report(
            `${at}.operations[${JSON.stringify(key)}]`,
            `must be "<namespace>.<method>" (dot-separated, e.g. 'pets.owners.list'), not ${JSON.stringify(target)}`,
          );
  }
  return value as NamespacesConfig;
}

function checkFilter(
  value: unknown,
  at: string,
  report: (option: string, message: string) => void,
): FilterConfig | undefined {
  if (!isRecord(value)) {
    report(at, 'must be an object ({ tags, paths, methods, operationIds, deprecated })');
    return undefined;
  }
  unknownKeys({ value, allowed: FILTER_KEYS, at: `${at}.`, report });
  if (value.deprecated !== undefined && typeof value.deprecated !== 'boolean')
    report(`${at}.deprecated`, 'must be true or false (false leaves deprecated operations out)');
  for (const key of ['tags', 'paths', 'methods', 'operationIds'] as const) {
    const lists = value[key];
    if (lists === undefined) continue;
    if (!isRecord(lists)) {
      report(`${at}.${key}`, 'must be an object ({ include?: [...], exclude?: [...] })');
      continue;
    }
    unknownKeys({ value: lists, allowed: ['include', 'exclude'], at: `${at}.${key}.`, report });
    for (const side of ['include', 'exclude'] as const) {
      const list = lists[side];
      if (list === undefined) continue;
      if (!Array.isArray(list)) {
        report(`${at}.${key}.${side}`, 'must be a list of strings');
        continue;
      }
      list.forEach((item, index) => {
        const option = `${at}.${key}.${side}[${index}]`;
        if (typeof item !== 'string' || item === '') report(option, 'must be a non-empty string');
        else if (key === 'methods' && !METHODS.includes(item.toLowerCase() as HttpMethod))
          report(option, `${JSON.stringify(item)} is not an HTTP method (${METHODS.join(', ')})`);
        else if (key === 'paths' && !item.startsWith('/'))
          report(option, `${JSON.stringify(item)} must start with "/", as the spec's paths do`);
      });
    }
  }
  return value as FilterConfig;
}

function unknownKeys({
  value,
  allowed,
  at,
  report,
}: {
  value: Record<string, unknown>;
  allowed: readonly string[];
  at: string;
  report: (option: string, message: string) => void;
}): void {
  for (const key of Object.keys(value))
    if (!allowed.includes(key))
      report(
        `${at}${key}`,
        `is not an option here (expected one of ${allowed.filter((name) => name !== '$schema').join(', ')})`,
      );
}

function nonEmptyString({
  value,
  option,
  report,
  required = false,
}: {
  value: unknown;
  option: string;
  report: (option: string, message: string) => void;
  required?: boolean;
}): string | undefined {
  if (value === undefined) {
    if (required) report(option, 'is required');
    return undefined;
  }
  if (typeof value !== 'string' || value === '') {
    report(option, 'must be a non-empty string');
    return undefined;
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `file` relative to the working directory when inside it, so that messages stay short. */
function relativeToCwd(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative === ''
    ? '.'
    : relative.startsWith('..') || path.isAbsolute(relative)
      ? file
      : relative;
}
