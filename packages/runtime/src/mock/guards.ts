/**
 * What the mock refuses before it acts: a request body nested deeper than its limit (every
 * reader after the parser recurses: validation, the store's copies), and an admin request that
 * a web page could have sent.
 *
 * The admin routes (`/__zapgen/state`, `reset`, `clock`, `tokens`) change or reveal the whole
 * mock, so they answer only what cannot come from another site: never with CORS headers; not
 * when the request carries an `Origin` other than the mock's own or a `Sec-Fetch-Site` other
 * than `same-origin` or `none` (a browser sends one of them with every cross-site request, even
 * one that needs no preflight); and, over HTTP, only under a loopback name (`localhost`,
 * `127.0.0.1`, `[::1]`), so that a page whose domain was re-pointed at 127.0.0.1 (DNS
 * rebinding) is refused too. Scripts and tests (curl, Node's fetch) send none of these headers.
 */
import { MockProblem } from './answer.js';

/** Throws a 400 when `value` nests arrays and objects more than `limit` levels deep. */
export function assertNesting(value: unknown, limit: number): void {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length) {
    const entry = stack.pop()!;
    if (entry.value === null || typeof entry.value !== 'object') continue;
    if (entry.depth >= limit)
      throw new MockProblem({
        status: 400,
        code: 'bad_request',
        message: `The request body is nested more than ${limit} levels deep.`,
      });
    for (const child of Object.values(entry.value))
      stack.push({ value: child, depth: entry.depth + 1 });
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Throws a 403 when an admin request may come from a web page of another site. */
export function assertAdminCaller({
  request,
  url,
  overHttp,
}: {
  request: Request;
  url: URL;
  overHttp: boolean;
}): void {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  const reason =
    origin !== null && origin !== url.origin
      ? `a page of ${origin}`
      : site !== null && site !== 'same-origin' && site !== 'none'
        ? `a ${site} page`
        : overHttp && !LOOPBACK.has(url.hostname.toLowerCase())
          ? `the host name ${url.hostname} (only loopback names are served)`
          : undefined;
  if (reason === undefined) return;
  throw new MockProblem({
    status: 403,
    code: 'forbidden',
    message: `The mock's admin routes do not answer requests from ${reason}; call them from a script or a test on this machine.`,
  });
}
