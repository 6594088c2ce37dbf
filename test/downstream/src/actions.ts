/**
 * Using `@zapgen/actions-v2` as an application would: an API key from the environment, typed
 * arguments, named result types and the package's error classes.
 */
import { ApiError, createClient, RequestValidationError } from '@zapgen/actions-v2';
import type {
  ActionsV2Client,
  ExecuteStatelessActionResult,
  SearchAppsResult,
} from '@zapgen/actions-v2';

/** A client authenticated with the `x-api-key` header. */
export function actionsClient(apiKey: string, baseUrl?: string): ActionsV2Client {
  return createClient({ apiKey, baseUrl });
}

/** The keys of the apps matching `query`. */
export async function appKeys(client: ActionsV2Client, query: string): Promise<string[]> {
  const found: SearchAppsResult = await client.searchApps({ query: { query } });
  return found.results.map((app) => app.app);
}

/** The needs (inputs) of a write action, with a typed enum query parameter and an optional body. */
export async function actionNeeds(
  client: ActionsV2Client,
  app: string,
  action: string,
): Promise<number> {
  const details = await client.getActionDetails({
    path: { app, action },
    query: { action_type: 'write', action_extra: ['action_needs'] },
    body: { params: {} },
  });
  return details.results.reduce((count, result) => count + result.action_needs.length, 0);
}

/**
 * Previews an action: `preview_only` resolves the params without running it. Rule violations
 * (for instance `skip_param_guessing` together with `preview_only`) fail before anything is sent.
 */
export async function preview(
  client: ActionsV2Client,
  instructions: string,
): Promise<ExecuteStatelessActionResult | string> {
  try {
    return await client.executeStatelessAction({
      query: { preview_only: true },
      body: { instructions, app: 'SlackAPI', action: 'direct_message' },
    });
  } catch (error) {
    if (error instanceof RequestValidationError) return `invalid request: ${error.message}`;
    if (error instanceof ApiError) return `the API answered ${error.status}`;
    throw error;
  }
}

/** The prefill choices, polled while the server is still loading them. */
export async function choices(
  client: ActionsV2Client,
  app: string,
  prefill: string,
): Promise<number> {
  const result = await client.poll.getPrefillChoices(
    { path: { app, prefill } },
    { deadlineMs: 10_000 },
  );
  return result.results?.length ?? 0;
}

/** The path-typed methods run through the same pipeline as the named ones, and also give the response. */
export async function health(client: ActionsV2Client): Promise<boolean> {
  const { response } = await client.GET('/api/v2/health/');
  return response.ok;
}
