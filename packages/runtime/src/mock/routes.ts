import type { OperationDefinition } from '../definition.js';
import { setOwn } from '../own.js';

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

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * One spelling per path segment, whatever the client chose to percent-encode: templates and
 * requests are compared in this form.
 */
export function canonicalSegment(segment: string): string {
  return encodeURIComponent(safeDecode(segment));
}

/** A request path in canonical form (see `canonicalSegment`). */
export function canonicalPath(pathname: string): string {
  return pathname.split('/').map(canonicalSegment).join('/');
}

/** Compiles every operation's path template; literal segments match before variables. */
export function compileRoutes(operations: readonly OperationDefinition[]): Route[] {
  const routes = operations.map((operation): Route => {
    const names: string[] = [];
    const segments = operation.path.split('/').map((segment) => {
      let source = '';
      let last = 0;
      for (const match of segment.matchAll(/\{([^}]+)\}/g)) {
        source += escapeRegExp(canonicalSegment(segment.slice(last, match.index)));
        names.push(match[1] ?? '');
        source += '([^/]+?)';
        last = (match.index ?? 0) + match[0].length;
      }
      return source + escapeRegExp(canonicalSegment(segment.slice(last)));
    });
    return {
      operation,
      pattern: new RegExp(`^${segments.join('/')}$`),
      names,
      specificity: names.length,
    };
  });
  return routes.sort(
    (a, b) => a.specificity - b.specificity || b.operation.path.length - a.operation.path.length,
  );
}

export interface RouteMatch {
  route: Route;
  /** Path segments by parameter name, percent-encoded in canonical form. */
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
  const canonical = canonicalPath(pathname);
  for (const route of routes) {
    const match = route.pattern.exec(canonical);
    if (!match) continue;
    if (route.operation.method !== method.toLowerCase()) {
      allowed.add(route.operation.method.toUpperCase());
      continue;
    }
    const pathValues: Record<string, string> = {};
    route.names.forEach((name, index) => {
      setOwn(pathValues, name, match[index + 1] ?? '');
    });
    return { route, pathValues };
  }
  return allowed.size ? { allowed: [...allowed].sort() } : undefined;
}
