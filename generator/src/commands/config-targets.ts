/**
 * The APIs a command runs on when a config applies: `--config <file>`, or the
 * `zapgen.config.*` of the working directory when no `--spec` is given. `--api` selects APIs by
 * name; `--spec`, `--out` and `--name` override the one API selected (with `--config`, `--spec`
 * selects the API of that spec). Without `--config`, `--spec` is a run of its own, as before
 * configs: the config file is not read.
 */
import path from 'node:path';
import type {
  FilterConfig,
  NamesConfig,
  NamespacesConfig,
  ReadWriteMode,
  TransformersConfig,
} from '../config/types.js';
import type { ResolvedApi } from '../config/validate.js';
import { ConfigError, findConfigFile, loadConfig } from '../config/load.js';
import { apiNameOf } from '../load/api.js';
import { resolveEntry } from '../load/load-spec.js';

/** One API to process. */
export interface Target {
  api: string;
  spec: string;
  out: string;
  packageName: string;
  /** The operations the package exposes (from the config). */
  filter?: FilterConfig;
  /** Overlay files applied to the spec (from the config). */
  overlays?: string[];
  /** The folder `$ref`s may read files in (`--spec-root`, else the config's `specRoot`). */
  specRoot?: string;
  /** `specRoot` is `--spec-root`'s: a config read again does not replace it. */
  specRootFromFlag?: true;
  /** How operations are named (from the config). */
  names?: NamesConfig;
  /** Resource namespaces of the client (from the config). */
  namespaces?: NamespacesConfig;
  /** Request and response shapes (from the config). */
  readWrite?: ReadWriteMode;
  /** Dates and int64 as `Date` and `bigint` (from the config). */
  transformers?: TransformersConfig;
  /** The config file the target comes from (absolute path). */
  config?: string;
}

export interface TargetFlags {
  config?: string;
  api?: string[];
  spec?: string;
  out?: string;
  name?: string;
  /** `--spec-root`: the folder `$ref`s may read files in, for every API selected (over the config's). */
  specRoot?: string;
}

/**
 * The targets of the config, undefined when no config applies, or a usage message. A config
 * that cannot be used throws a `ConfigError`.
 */
export async function configTargets(flags: TargetFlags): Promise<Target[] | string | undefined> {
  const file = flags.config ?? (flags.spec === undefined ? findConfigFile() : undefined);
  if (file === undefined)
    return flags.api?.length
      ? '--api needs a config (zapgen.config.ts here, or --config)'
      : undefined;
  const config = await loadConfig(file);
  let targets: Target[] = config.apis.map((api) => ({
    api: api.name,
    spec: api.spec,
    out: api.out,
    packageName: api.packageName,
    ...apiOptions(api),
    config: config.file,
  }));
  if (flags.api?.length) {
    const unknown = flags.api.filter((name) => !targets.some((target) => target.api === name));
    if (unknown.length)
      return `--api ${unknown.join(', ')}: not in ${path.basename(config.file)} (its APIs: ${targets.map((target) => target.api).join(', ')})`;
    targets = targets.filter((target) => flags.api!.includes(target.api));
  }
  if (flags.spec !== undefined) {
    const entry = resolveEntry(flags.spec);
    const same = targets.filter((target) => resolveEntry(target.spec) === entry);
    // A spec the config does not list is generated as without a config.
    targets = same.length
      ? same.map((target) => ({ ...target, spec: flags.spec! }))
      : [{ api: apiNameOf(flags.spec), spec: flags.spec, out: '', packageName: '' }];
  }
  if ((flags.out !== undefined || flags.name !== undefined) && targets.length !== 1)
    return `--out and --name apply to one API: select it with --api (${targets.map((target) => target.api).join(', ')})`;
  return targets.map((target) => ({
    ...target,
    ...(flags.specRoot !== undefined && {
      specRoot: flags.specRoot,
      specRootFromFlag: true as const,
    }),
    out: flags.out ?? (target.out || path.join('packages', target.api)),
    packageName: flags.name ?? (target.packageName || `@zapgen/${target.api}`),
  }));
}

/**
 * `target` with the options its config holds now (watch mode reads the config again before each
 * run); the config's problems when it cannot be used any more.
 */
export async function refreshTarget(target: Target): Promise<Target | ConfigError> {
  if (target.config === undefined) return target;
  try {
    const api = (await loadConfig(target.config)).apis.find((entry) => entry.name === target.api);
    if (!api)
      return new ConfigError([
        `${target.config}: the API ${target.api} is no longer in the config`,
      ]);
    const {
      filter: _filter,
      overlays: _overlays,
      specRoot: specRootNow,
      names: _names,
      namespaces: _namespaces,
      readWrite: _readWrite,
      transformers: _transformers,
      ...rest
    } = target;
    return {
      ...rest,
      ...apiOptions(api),
      // `--spec-root` stands over the config's `specRoot`, as at the start.
      ...(target.specRootFromFlag && specRootNow !== undefined && { specRoot: specRootNow }),
    };
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

/** The options of a config's API that shape its package. */
function apiOptions(
  api: ResolvedApi,
): Pick<
  Target,
  'filter' | 'overlays' | 'specRoot' | 'names' | 'namespaces' | 'readWrite' | 'transformers'
> {
  return {
    ...(api.filter && { filter: api.filter }),
    ...(api.overlays && { overlays: api.overlays }),
    ...(api.specRoot !== undefined && { specRoot: api.specRoot }),
    ...(api.names && { names: api.names }),
    ...(api.namespaces && { namespaces: api.namespaces }),
    ...(api.readWrite && { readWrite: api.readWrite }),
    ...(api.transformers && { transformers: api.transformers }),
  };
}

/**
 * The options of `target` as text for the run cache: functions by their source, so that an edit
 * of a naming function is a change.
 */
export function optionsKey(target: Target): string {
  return JSON.stringify(
    {
      filter: target.filter ?? null,
      overlays: target.overlays ?? null,
      names: target.names ?? null,
      namespaces: target.namespaces ?? null,
      // Only when set, so that the keys of runs cached before the option existed stay valid.
      ...(target.readWrite && { readWrite: target.readWrite }),
      // Only when set, so that the caches of packages without it stay valid.
      ...(target.transformers && { transformers: target.transformers }),
      // Absolute: the same folder named from another directory is the same root.
      ...(target.specRoot !== undefined && { specRoot: path.resolve(target.specRoot) }),
    },
    (_key, value: unknown) => (typeof value === 'function' ? `function ${String(value)}` : value),
  );
}

export { ConfigError };
