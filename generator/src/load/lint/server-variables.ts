import { escapeSegment, isObject } from '../../json/pointer.js';
import { HTTP_METHODS, templateNames } from './document.js';
import type { Json } from './document.js';
import type { LintRule, Report } from './rule.js';

/** Server URLs can be built: a declared variable's default is one of its `enum`. */
export const serverVariables: LintRule = {
  name: 'server-variables',
  severity: 'error',
  description: "a server variable's default is among its enum values",
  check(document, report) {
    forEachServerOwner(document, (owner, pointer) =>
      checkServers(owner, pointer, report, 'values'),
    );
  },
};

/**
 * Every `{variable}` of a server URL is declared. A warning: vendors whose host differs per
 * account write `https://{hostname}/v2` without declaring it (Akamai, Sentry), and the client
 * takes it from `serverVariables` (or a `baseUrl`), as other generators do.
 */
export const serverVariablesDeclared: LintRule = {
  name: 'server-variables-declared',
  severity: 'warning',
  description: 'every {variable} of a server URL is declared',
  check(document, report) {
    forEachServerOwner(document, (owner, pointer) =>
      checkServers(owner, pointer, report, 'declared'),
    );
  },
};

/** The document, each path item and each operation (the owners of `servers`), with their pointers. */
function forEachServerOwner(document: Json, visit: (owner: Json, pointer: string) => void): void {
  {
    visit(document, '');
    const paths = document.paths;
    if (!isObject(paths)) return;
    for (const [key, pathItem] of Object.entries(paths)) {
      if (!isObject(pathItem)) continue;
      const pointer = `/paths/${escapeSegment(key)}`;
      visit(pathItem, pointer);
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method];
        if (isObject(operation)) visit(operation, `${pointer}/${method}`);
      }
    }
  }
}

function checkServers(
  owner: Json,
  ownerPointer: string,
  report: Report,
  check: 'declared' | 'values',
): void {
  const servers = owner.servers;
  if (!Array.isArray(servers)) return;
  servers.forEach((server, index) => {
    if (!isObject(server) || typeof server.url !== 'string') return;
    const pointer = `${ownerPointer}/servers/${index}`;
    const variables = isObject(server.variables) ? server.variables : {};
    if (check === 'declared') {
      for (const name of new Set(templateNames(server.url))) {
        if (!Object.hasOwn(variables, name))
          report(
            `${pointer}/url`,
            `server variable "${name}" of ${server.url} is not declared: a client needs \`serverVariables.${name}\` or a \`baseUrl\``,
          );
      }
      return;
    }
    for (const [name, variable] of Object.entries(variables)) {
      if (!isObject(variable)) continue;
      const at = `${pointer}/variables/${escapeSegment(name)}`;
      if (Array.isArray(variable.enum) && variable.enum.length === 0)
        report(`${at}/enum`, `server variable "${name}" has an empty enum`);
      if (
        Array.isArray(variable.enum) &&
        variable.enum.length > 0 &&
        !variable.enum.includes(variable.default)
      ) {
        report(
          `${at}/default`,
          `default ${JSON.stringify(variable.default)} of server variable "${name}" is not one of its enum values`,
        );
      }
    }
  });
}
