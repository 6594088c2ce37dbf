import { escapeSegment, isObject } from '../../json/pointer.js';
import { HTTP_METHODS, templateNames } from './document.js';
import type { Json } from './document.js';
import type { LintRule, Report } from './rule.js';

/** Server URLs can be built: every `{variable}` is declared, and its default is one of its `enum`. */
export const serverVariables: LintRule = {
  name: 'server-variables',
  severity: 'error',
  description: 'every {variable} of a server URL is declared, with a default among its enum values',
  check(document, report) {
    checkServers(document, '', report);
    const paths = document.paths;
    if (!isObject(paths)) return;
    for (const [key, pathItem] of Object.entries(paths)) {
      if (!isObject(pathItem)) continue;
      const pointer = `/paths/${escapeSegment(key)}`;
      checkServers(pathItem, pointer, report);
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method];
        if (isObject(operation)) checkServers(operation, `${pointer}/${method}`, report);
      }
    }
  },
};

function checkServers(owner: Json, ownerPointer: string, report: Report): void {
  const servers = owner.servers;
  if (!Array.isArray(servers)) return;
  servers.forEach((server, index) => {
    if (!isObject(server) || typeof server.url !== 'string') return;
    const pointer = `${ownerPointer}/servers/${index}`;
    const variables = isObject(server.variables) ? server.variables : {};
    for (const name of new Set(templateNames(server.url))) {
      if (!Object.hasOwn(variables, name))
        report(`${pointer}/url`, `server variable "${name}" of ${server.url} is not declared`);
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
