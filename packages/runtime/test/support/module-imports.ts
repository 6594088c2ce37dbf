/**
 * Import-map entries for the runtime's dependencies that a browser loads (zod's entry points:
 * `zod`, `zod/mini`, `zod/v4/core`, `zod/v4/locales/`, ...; `eventsource-parser`), read from their
 * package.json exports, for pages that load the runtime and the generated packages as plain ES
 * modules. Each package is served from `<base>/<name>/`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The runtime's dependencies that its browser code imports. */
export const BROWSER_DEPENDENCIES = ['zod', 'eventsource-parser'] as const;

/** A package's folder, served to the browser. */
export function packageRoot(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** `<name><subpath>` → `<base>/<file>` for every ESM entry point, a folder prefix for wildcards. */
function packageImports(name: string, base: string): Record<string, string> {
  const { exports } = JSON.parse(readFileSync(join(packageRoot(name), 'package.json'), 'utf8')) as {
    exports: Record<string, string | { import?: string; default?: string }>;
  };
  const imports: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(exports)) {
    const file = typeof target === 'string' ? target : (target.import ?? target.default);
    if (file === undefined || (!file.endsWith('.js') && !file.endsWith('*'))) continue;
    const specifier = `${name}${subpath.slice(1)}`;
    const url = `${base}/${file.replace(/^\.\//, '')}`;
    if (subpath.endsWith('/*')) imports[specifier.slice(0, -1)] = url.slice(0, -1);
    else imports[specifier] = url;
  }
  return imports;
}

/** Import-map entries of every browser dependency, each served from `<base>/<name>/`. */
export function browserDependencyImports(base: string): Record<string, string> {
  return Object.assign(
    {},
    ...BROWSER_DEPENDENCIES.map((name) => packageImports(name, `${base}/${name}`)),
  );
}
