import type { OperationDefinition } from '../definition.js';

/** An operation's path template compiled for matching incoming requests. */
export interface Route {
  operation: OperationDefinition;
  pattern: RegExp;
  /** Path parameter names in template order. */
  names: string[];
  /** Fewer template variables first, so `/apps/search/` wins over `/apps/{app}/`. */
  specificity: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiles every operation's path template; literal segments match before variables. */
export function compileRoutes(operations: readonly OperationDefinition[]): Route[] {
  const routes = operations.map((operation): Route => {
    const names: string[] = [];
    let source = '';
    let last = 0;
    for (const match of operation.path.matchAll(/\{([^}]+)\}/g)) {
      source += escapeRegExp(operation.path.slice(last, match.index));
      names.push(match[1] ?? '');
      source += '([^/]+)';
      last = (match.index ?? 0) + match[0].length;
    }
    source += escapeRegExp(operation.path.slice(last));
    return { operation, pattern: new RegExp(`^${source}$`), names, specificity: names.length };
  });
  return routes.sort((a, b) => a.specificity - b.specificity || b.operation.path.length - a.operation.path.length);
}

export interface RouteMatch {
  route: Route;
  /** Raw (still encoded) path segments by parameter name. */
  pathValues: Record<string, string>;
}

/**
 * Finds the route of `method pathname`. Returns `{ allowed }` listing the methods of the path
 * when the path exists but not with that method, and `undefined` when no path matches.
 */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  pathname: string,
): RouteMatch | { allowed: string[] } | undefined {
  const allowed = new Set<string>();
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    if (route.operation.method !== method.toLowerCase()) {
      allowed.add(route.operation.method.toUpperCase());
      continue;
    }
    const pathValues: Record<string, string> = {};
    route.names.forEach((name, index) => {
      pathValues[name] = match[index + 1] ?? '';
    });
    return { route, pathValues };
  }
  return allowed.size ? { allowed: [...allowed].sort() } : undefined;
}
