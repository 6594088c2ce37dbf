/**
 * `zapgen init`: writes a config for specs that exist, so that a project moves from flags to a
 * file in one step. Every string is written as a JSON string literal: a path can never become
 * code.
 */
import { rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { displayPath } from '../load/source-file.js';
import { resolveEntry } from '../load/load-spec.js';
import { CONFIG_FILES } from '../config/load.js';
import type { Target } from './config-targets.js';
import { namespacesOf, readStainlessSurface } from '../config/stainless.js';
import { paginationOverlay } from './stainless-pagination.js';

interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Writes the config `file` (default `zapgen.config.ts`) for `targets`; resolves to the exit code. */
export function runInit({
  io,
  targets,
  file = CONFIG_FILES[0],
  force,
  stainless,
}: {
  io: Output;
  targets: readonly Target[];
  file?: string;
  force: boolean;
  /** An `api.md` or `stainless.yml` whose surface the one target keeps. */
  stainless?: string;
}): number {
  const extension = path.extname(file);
  let imported = 0;
  if (stainless !== undefined) {
    if (targets.length !== 1) {
      io.stderr('zapgen: --from-stainless applies to one API: give --spec');
      return 2;
    }
    let methods;
    try {
      methods = readStainlessSurface(stainless);
    } catch (error) {
      io.stderr(`zapgen: cannot read ${stainless}: ${(error as Error).message.split('\n')[0]}`);
      return 1;
    }
    if (!methods.length) {
      io.stderr(
        `zapgen: ${stainless} lists no method of a Stainless client (client.<resource>.<method>)`,
      );
      return 1;
    }
    imported = methods.length;
    targets = [{ ...targets[0]!, namespaces: { operations: namespacesOf(methods) } }];
  }
  if (!['.ts', '.mts', '.js', '.mjs', '.json'].includes(extension)) {
    io.stderr(`zapgen: --config ${file}: a config is a .ts, .mts, .js, .mjs or .json file`);
    return 2;
  }
  for (const target of targets)
    if (!isFile(resolveEntry(target.spec))) {
      io.stderr(`zapgen: ${displayPath(resolveEntry(target.spec))}: no such spec`);
      return 1;
    }
  const folder = path.dirname(path.resolve(file));
  // A stainless.yml's pagination schemes become an overlay beside the config, listed in it.
  const overlay =
    stainless !== undefined && /\.ya?ml$/i.test(stainless)
      ? paginationOverlay({ stainless, spec: targets[0]!.spec, folder })
      : undefined;
  for (const warning of overlay?.warnings ?? []) io.stderr(`zapgen: warning: ${warning}`);
  if (overlay?.file) targets = [{ ...targets[0]!, overlays: [overlay.file] }];
  const text = configText({ targets, folder, json: extension === '.json' });
  try {
    if (overlay?.file) writeFileSync(overlay.file, overlay.text, { flag: force ? 'w' : 'wx' });
    try {
      writeFileSync(file, text, { flag: force ? 'w' : 'wx' });
    } catch (error) {
      // The config was not written: neither is the overlay it would have listed.
      if (overlay?.file) rmSync(overlay.file, { force: true });
      throw error;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr(
      code === 'EEXIST'
        ? `zapgen: ${(error as NodeJS.ErrnoException).path ?? file} exists already; zapgen init never replaces a file (--force does)`
        : `zapgen: cannot write ${file}: ${(error as Error).message}`,
    );
    return 1;
  }
  io.stdout(
    `wrote ${file}: ${targets.map((target) => target.api).join(', ')}${imported ? ` (${imported} methods of ${stainless})` : ''}${overlay?.file ? `, and ${overlay.file} (pagination of ${overlay.paginated} methods)` : ''}; run zapgen generate to generate from it`,
  );
  return 0;
}

/** The config's text: TypeScript/JavaScript with `defineConfig`, or JSON. */
export function configText({
  targets,
  folder,
  json,
}: {
  targets: readonly Target[];
  folder: string;
  json: boolean;
}): string {
  const apis = targets.map((target) => ({
    name: target.api,
    spec: relativePosix(folder, target.spec),
    output: relativePosix(folder, target.out),
    packageName: target.packageName,
    ...(target.namespaces && { namespaces: target.namespaces }),
    ...(target.overlays && {
      overlays: target.overlays.map((overlay) => relativePosix(folder, overlay)),
    }),
  }));
  if (json) return `${JSON.stringify({ apis }, null, 2)}\n`;
  const entries = apis.map(
    (api) =>
      `    {\n${Object.entries(api)
        .map(([key, value]) => `      ${key}: ${literal(value, '      ')},`)
        .join('\n')}\n    },`,
  );
  return `import { defineConfig } from '@zapgen/generator/config';

export default defineConfig({
  apis: [
${entries.join('\n')}
  ],
});
`;
}

/** `value` (strings, lists and plain objects of them) as JavaScript, indented under `indent`. */
function literal(value: unknown, indent: string): string {
  if (typeof value === 'string') return singleQuoted(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[${value.map((item) => literal(item, inner)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, item]) =>
      `${inner}${/^[A-Za-z_$][\w$]*$/.test(key) && key !== '__proto__' ? key : singleQuoted(key)}: ${literal(item, inner)},`,
  );
  return `{\n${entries.join('\n')}\n${indent}}`;
}

/**
 * `value` as a single-quoted JavaScript string (the style of the project's prettier config):
 * JSON's escaping, with `"` unescaped and `'` escaped.
 */
export function singleQuoted(value: string): string {
  const inner = JSON.stringify(value)
    .slice(1, -1)
    .replace(/\\(.)|'/g, (match, escaped: string | undefined) =>
      escaped === undefined ? "\\'" : escaped === '"' ? '"' : match,
    );
  return `'${inner}'`;
}

function relativePosix(folder: string, file: string): string {
  const relative = path.relative(folder, path.resolve(file)).split(path.sep).join('/');
  return relative === '' ? '.' : relative;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
