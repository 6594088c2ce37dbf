/**
 * The credentials of a client whose options hold values only (no `getAccessToken`, no function in
 * `credentials`) are the same for every call of an operation: computed once, kept with the option
 * values they came from, and computed again when one of those changes.
 */
import type { ApiDefinition, OperationDefinition } from '../definition.js';
import { authenticate, type Authentication, type CredentialOptions } from './credentials.js';

export type AuthenticationCache = Map<
  OperationDefinition,
  { from: readonly unknown[]; auth: Authentication }
>;

/** What `cachedAuthentication` reads of a client. */
export interface AuthenticationHolder {
  api: ApiDefinition;
  client: CredentialOptions;
  authentications?: AuthenticationCache;
}

/** The client options holding apiKey values, by API (computed once per definition). */
const keyOptionsCache = new WeakMap<ApiDefinition, string[]>();

function keyOptions(api: ApiDefinition): string[] {
  let options = keyOptionsCache.get(api);
  if (options === undefined) {
    options = Object.values(api.securitySchemes).flatMap((scheme) =>
      scheme.type === 'apiKey' ? [scheme.option] : [],
    );
    keyOptionsCache.set(api, options);
  }
  return options;
}

/** Whether a function provides a credential: then nothing may be kept. */
function dynamic(client: CredentialOptions): boolean {
  if (client.getAccessToken !== undefined) return true;
  const given = client.credentials;
  if (given === undefined) return false;
  for (const name in given) if (typeof given[name] === 'function') return true;
  return false;
}

/** The option values the credentials come from, in a fixed order. */
function inputsOf(holder: AuthenticationHolder): unknown[] {
  const { client } = holder;
  const inputs: unknown[] = [client.accessToken, client.credentials];
  for (const option of keyOptions(holder.api)) inputs.push(client[option]);
  return inputs;
}

/**
 * The credential step of a call: what a call of `operation` carries to meet its security. Those
 * of an earlier call when nothing they came from changed, returned as they are (nothing awaited
 * before `fetch`); otherwise computed by `authenticate` (throwing `MissingCredentialsError` when
 * `required` and none can be met), and kept when the client's options hold values only.
 */
export function authenticationFor(
  holder: AuthenticationHolder,
  operation: OperationDefinition,
  required: boolean,
): Authentication | Promise<Authentication> {
  return (
    cachedAuthentication(holder, operation) ??
    authenticate({ api: holder.api, operation, client: holder.client, required }).then((auth) =>
      rememberAuthentication(holder, operation, auth),
    )
  );
}

/** The credentials of an earlier call of the operation, when nothing they came from changed. */
function cachedAuthentication(
  holder: AuthenticationHolder,
  operation: OperationDefinition,
): Authentication | undefined {
  const cached = holder.authentications?.get(operation);
  if (cached === undefined) return undefined;
  const { client } = holder;
  if (client.getAccessToken !== undefined) return undefined;
  const { from } = cached;
  if (from[0] !== client.accessToken || from[1] !== client.credentials) return undefined;
  const options = keyOptions(holder.api);
  for (let index = 0; index < options.length; index += 1)
    if (from[index + 2] !== client[options[index]!]) return undefined;
  return cached.auth;
}

/** Keeps the credentials of a call when its client's options hold values only; returns them. */
function rememberAuthentication(
  holder: AuthenticationHolder,
  operation: OperationDefinition,
  auth: Authentication,
): Authentication {
  if (!dynamic(holder.client))
    (holder.authentications ??= new Map()).set(operation, { from: inputsOf(holder), auth });
  return auth;
}
