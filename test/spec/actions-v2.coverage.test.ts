/**
 * Coverage of the Action Automation API v2 document (`shared/seeds/000_3dd911bfd1e84925.txt`) by
 * `spec/actions-v2`: one row per fact the document states, read line by line, asserted against the
 * bundled spec `packages/actions-v2/openapi.json`. Facts from `shared/PUBLIC-FACTS.md` are marked
 * "(facts)". Interpretations are listed in `spec/README.md`.
 */
import { describe, expect, it } from 'vitest';
import { loadBundledSpec, deref, type Json } from '../support/spec.js';
import { operationKeys, resolveFact, type Row } from '../support/actions-v2-coverage-helpers.js';

const document = loadBundledSpec('actions-v2');

/* Summary builders: a row's `want` lists every keyword the spec must carry, and nothing else. */
type Want = Record<string, unknown>;
const t = (type: string | string[] | undefined, extra: Want = {}): Want => ({ ...(type ? { type } : {}), nullable: false, ...extra });
const ref = (name: string, extra: Want = {}): Want => ({ ref: name, nullable: false, ...extra });
const orNull = (want: Want): Want => ({ ...want, nullable: true });
const req = (want: Want): Want => ({ ...want, required: true });
const opt = (want: Want): Want => ({ ...want, required: false });
const arrayOf = (items: Want, extra: Want = {}): Want => t('array', { items, ...extra });
/** A parameter: optional, not deprecated and with the location's default serialization unless stated. */
const param = (schema: Want, extra: Want = {}): Want => ({ ...schema, required: false, deprecated: false, ...extra });
/** A comma-separated list: `style: form`, `explode: false`. */
const commaList = (items: Want, extra: Want = {}): Want => ({ ...arrayOf(items, extra), style: 'form', explode: false });
const schemaShape = (required: string[], properties: string[], extra: Want = {}): Want =>
  t('object', { required: [...required].sort(), properties: [...properties].sort(), ...extra });
/** A payload the document does not show: an open object, with only public-documentation fields. */
const notShown = (properties: string[], extra: Want = {}): Want => schemaShape([], properties, { additionalProperties: true, ...extra });

const security = [{ AccessPointApiKeyHeader: [] }, { AccessPointOAuth: ['openid', 'nla:exposed_actions:execute'] }];
const op = (operationId: string, tag: string) => ({ operationId, tags: [tag], deprecated: false, security });
const actionType = ref('ActionType');

const HEALTH = 'GET /api/v2/health/';
const AUTH_CHECK = 'GET /api/v2/auth/check/';
const ACCOUNTS = 'GET /api/v2/auth/accounts/';
const LOGIN_LINK = 'GET /api/v2/auth/login-link/';
const OAUTH_LOGIN_LINK = 'GET /api/v2/auth/oauth-login-link/';
const TEST_AUTH = 'POST /api/v2/auth/{auth_id}/test/';
const APPS_SEARCH = 'GET /api/v2/apps/search/';
const APP = 'GET /api/v2/apps/{app}/';
const APP_AUTHS = 'GET /api/v2/apps/{app}/auths/';
const ACTIONS = 'GET /api/v2/apps/{app}/actions/';
const ACTION_DETAILS = 'POST /api/v2/apps/{app}/actions/{action}/';
const CHOICES = 'POST /api/v2/apps/{app}/choices/{prefill}/';
const EXECUTE = 'POST /api/v2/execute/';
const AI_EXECUTE = 'POST /api/v2/ai-actions/{ai_action_id}/execute/';
const AI_PREVIEW = 'POST /api/v2/ai-actions/{ai_action_id}/preview/';
const RATE = 'POST /api/v2/execute/log/{execution_log_id}/rate/';
const AI_LIST = 'GET /api/v2/ai-actions/';
const AI_CREATE = 'POST /api/v2/ai-actions/';
const AI_GET = 'GET /api/v2/ai-actions/{ai_action_id}/';
const AI_UPDATE = 'PUT /api/v2/ai-actions/{ai_action_id}/';
const AI_DELETE = 'DELETE /api/v2/ai-actions/{ai_action_id}/';
const GUESS = 'POST /api/v2/guess-actions/';
const UNFURL_APPS = 'GET /api/v2/unfurl/apps/';
const UNFURL_APP_AUTH = 'GET /api/v2/unfurl/apps/{app}/auth/';
const UNFURL = 'POST /api/v2/unfurl/';
const SHRINK = 'POST /api/v2/shrink-result/';

/** The endpoints of the document, in its order. */
const documentedOperations = [
  HEALTH, AUTH_CHECK, ACCOUNTS, LOGIN_LINK, OAUTH_LOGIN_LINK, TEST_AUTH,
  APPS_SEARCH, APP, APP_AUTHS,
  ACTIONS, ACTION_DETAILS, CHOICES,
  EXECUTE, AI_EXECUTE, AI_PREVIEW, RATE,
  AI_LIST, AI_CREATE, AI_GET, AI_UPDATE, AI_DELETE,
  GUESS, UNFURL_APPS, UNFURL_APP_AUTH, UNFURL, SHRINK,
];

/**
 * The `required` list of every component schema, as the document states it ("req", "all req",
 * "Req: ..."); an empty list where it states none. StatelessExecuteRequest's list comes from the
 * facts file, which explicitly allows requiring it.
 */
const documentedRequired: Record<string, string[]> = {
  AccountInfoResults: ['results'],
  AppSchemaResults: ['results'],
  AppDetailsSchemaResults: ['results'],
  ActionSchemaResults: ['results'],
  ActionDetailsResultSchemaResults: ['results'],
  CheckAuthResponse: ['success', 'email', 'name'],
  AccountInfo: ['id', 'name', 'logo_url', 'owner'],
  AccountOwner: [],
  LoginLink: [],
  TestAuthResponseT: ['success', 'errors', 'results'],
  AppSchema: ['app', 'name', 'logo_url', 'auth_type', 'actions'],
  ActionType: [],
  ActionSchema: ['app', 'action', 'type', 'display_name', 'description', 'search_relevancy_score', 'app_info', 'app_needs_auth'],
  ActionDetailsResultSchema: ['action_has_custom_needs_probability', 'action', 'action_gives', 'action_needs', 'action_sample'],
  ActionT: ['type', 'key', 'name', 'noun', 'description', 'is_important', 'is_hidden'],
  ActionMetaT: [],
  ActionMetaHookT: [],
  NeedType: [],
  NeedT: [],
  ChoiceT: [],
  GivesT: ['key', 'score', 'subscore', 'type'],
  AppDetailsSchema: ['app_needs_auth', 'implementation', 'details'],
  ImplementationT: ['selected_api', 'app_id', 'name', 'slug'],
  AuthFieldT: [],
  AppDetailT: [
    'name', 'slug', 'description', 'app_profile_url', 'banner', 'canonical_id', 'hashtag', 'image',
    'age_in_days', 'days_since_last_update', 'id', 'internal_id', 'popularity', 'request_count', 'zap_usage_count',
    'images', 'is_beta', 'is_built_in', 'is_featured', 'is_premium', 'is_public', 'is_upcoming',
  ],
  CategoryDetailT: ['title', 'description'],
  ImagesT: [],
  AuthenticationT: [
    'date', 'lastchanged', 'selected_api', 'url', 'id', 'account_id', 'customuser_id',
    'is_invite_only', 'is_private', 'is_stale', 'shared_with_all', 'is_shared',
    'groups', 'members', 'title', 'label', 'permissions',
  ],
  AuthenticationGroupT: [],
  AuthenticationPermissionsT: [],
  ListAuthenticationsForAppResultSchema: ['last_refresh_seconds_ago', 'results'],
  ActionDetailsBodySchema: [],
  ActionDetailsParamsSchema: [],
  PrefillChoicesResultsSchema: [],
  ParamMode: [],
  ActionParam: [],
  StatelessExecuteRequest: ['instructions', 'app', 'action'],
  ExecuteRequest: [],
  ExecuteResponse: [],
  ErrorResponse: [],
  AiActionMeta: [],
  CreateAiActionRequest: [],
  AiActionResponse: [],
  ExposedActionResponseSchema: [],
  GuessActionsSchema: [],
  GuessResultSchema: [],
  UnfurlAppListResponse: [],
  AppAuthResponseSchema: [],
  UnfurlUrlRequestSchema: [],
  UnfurlUrlResponseSchema: [],
  UnfurlError: [],
  UnfurlNoAuthFoundError: [],
  ResultToShrink: [],
  ShrinkResultResult: [],
};

const serviceRows: Row[] = [
  ['the interface description carries version 1.0.0', { given: { pointer: '/info/version' }, want: '1.0.0' }],
  ['the service lets a client act on third-party apps on behalf of a user', { given: { pointer: '/info/description' }, want: expect.stringContaining('act on third-party apps on behalf of a user') }],
  ['the JSON API is served under {base_url}', { given: { pointer: '/servers/0/url' }, want: '{base_url}' }],
  ['(facts) the real server is https://actions.zapier.com', { given: { pointer: '/servers/0/variables/base_url/default' }, want: 'https://actions.zapier.com' }],
  ['(facts) AccessPointApiKeyHeader is an API key sent in the x-api-key header', { given: { pointer: '/components/securitySchemes/AccessPointApiKeyHeader' }, want: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }) }],
  ['AccessPointOAuth is an OAuth 2.0 scheme', { given: { pointer: '/components/securitySchemes/AccessPointOAuth/type' }, want: 'oauth2' }],
  ['the OAuth flow is the authorization-code flow with PKCE (S256)', { given: { pointer: '/components/securitySchemes/AccessPointOAuth/description' }, want: expect.stringMatching(/PKCE[\s\S]*S256/) }],
  ['the authorization endpoint is {actions_url}/oauth/authorize/', { given: { pointer: '/components/securitySchemes/AccessPointOAuth/flows/authorizationCode/authorizationUrl' }, want: 'https://actions.zapier.com/oauth/authorize/' }],
  ['the client POSTs to {actions_url}/oauth/token/ for the token', { given: { pointer: '/components/securitySchemes/AccessPointOAuth/flows/authorizationCode/tokenUrl' }, want: 'https://actions.zapier.com/oauth/token/' }],
  ['the flow requests the scopes openid and nla:exposed_actions:execute', { given: { pointer: '/components/securitySchemes/AccessPointOAuth/flows/authorizationCode/scopes' }, want: { openid: expect.any(String), 'nla:exposed_actions:execute': expect.any(String) } }],
  ['the sections are System and authentication, Apps, Actions, Execution, Stored AI actions, Utilities', {
    given: { pointer: '/tags' },
    want: ['System and authentication', 'Apps', 'Actions', 'Execution', 'Stored AI actions', 'Utilities'].map((name) => ({ name, description: expect.any(String) })),
  }],
];

const operationRows: Row[] = [
  [`${HEALTH} (System and authentication)`, { given: { operation: HEALTH }, want: op('checkHealth', 'System and authentication') }],
  [`${AUTH_CHECK} (System and authentication)`, { given: { operation: AUTH_CHECK }, want: op('checkAuth', 'System and authentication') }],
  [`${ACCOUNTS} (System and authentication)`, { given: { operation: ACCOUNTS }, want: op('listAccounts', 'System and authentication') }],
  [`${LOGIN_LINK} (System and authentication)`, { given: { operation: LOGIN_LINK }, want: op('getLoginLink', 'System and authentication') }],
  [`${OAUTH_LOGIN_LINK} (System and authentication)`, { given: { operation: OAUTH_LOGIN_LINK }, want: op('getOAuthLoginLink', 'System and authentication') }],
  [`${TEST_AUTH} (System and authentication)`, { given: { operation: TEST_AUTH }, want: op('testAuthentication', 'System and authentication') }],
  [`${APPS_SEARCH} (Apps)`, { given: { operation: APPS_SEARCH }, want: op('searchApps', 'Apps') }],
  [`${APP} (Apps)`, { given: { operation: APP }, want: op('getApp', 'Apps') }],
  [`${APP_AUTHS} (Apps)`, { given: { operation: APP_AUTHS }, want: op('listAppAuthentications', 'Apps') }],
  [`${ACTIONS} (Actions)`, { given: { operation: ACTIONS }, want: op('listActions', 'Actions') }],
  [`${ACTION_DETAILS} returns action details (Actions)`, { given: { operation: ACTION_DETAILS }, want: op('getActionDetails', 'Actions') }],
  [`${CHOICES} returns choices of a prefill (Actions)`, { given: { operation: CHOICES }, want: op('getPrefillChoices', 'Actions') }],
  [`${EXECUTE} executes an action without storing it (Execution)`, { given: { operation: EXECUTE }, want: op('executeStatelessAction', 'Execution') }],
  [`${AI_EXECUTE} executes a stored AI action (Execution)`, { given: { operation: AI_EXECUTE }, want: op('executeAiAction', 'Execution') }],
  [`${AI_PREVIEW} previews a stored AI action (Execution)`, { given: { operation: AI_PREVIEW }, want: op('previewAiAction', 'Execution') }],
  [`${RATE} rates an execution log (Execution)`, { given: { operation: RATE }, want: op('rateExecutionLog', 'Execution') }],
  [`${AI_LIST} lists the user's actions (Stored AI actions)`, { given: { operation: AI_LIST }, want: op('listAiActions', 'Stored AI actions') }],
  [`${AI_CREATE} creates an AI action (Stored AI actions)`, { given: { operation: AI_CREATE }, want: op('createAiAction', 'Stored AI actions') }],
  [`${AI_GET} (Stored AI actions)`, { given: { operation: AI_GET }, want: op('getAiAction', 'Stored AI actions') }],
  [`${AI_UPDATE} updates an AI action (Stored AI actions)`, { given: { operation: AI_UPDATE }, want: op('updateAiAction', 'Stored AI actions') }],
  [`${AI_DELETE} (Stored AI actions)`, { given: { operation: AI_DELETE }, want: op('deleteAiAction', 'Stored AI actions') }],
  [`${GUESS} (Utilities)`, { given: { operation: GUESS }, want: op('guessActions', 'Utilities') }],
  [`${UNFURL_APPS} lists apps usable for unfurling (Utilities)`, { given: { operation: UNFURL_APPS }, want: op('listUnfurlApps', 'Utilities') }],
  [`${UNFURL_APP_AUTH} checks whether the user has an authentication for the app (Utilities)`, { given: { operation: UNFURL_APP_AUTH }, want: op('checkUnfurlAppAuth', 'Utilities') }],
  [`${UNFURL} unfurls one URL (Utilities)`, { given: { operation: UNFURL }, want: op('unfurlUrl', 'Utilities') }],
  [`${SHRINK} shrinks a result payload (Utilities)`, { given: { operation: SHRINK }, want: op('shrinkResult', 'Utilities') }],
];

const parameterListRows: Row[] = [
  [`${HEALTH}: no parameters`, { given: { operation: HEALTH, parameters: 'all' }, want: [] }],
  [`${AUTH_CHECK}: no parameters stated`, { given: { operation: AUTH_CHECK, parameters: 'all' }, want: [] }],
  [`${ACCOUNTS}: no parameters stated`, { given: { operation: ACCOUNTS, parameters: 'all' }, want: [] }],
  [`${LOGIN_LINK}: query sign_up_first_name, sign_up_last_name, sign_up_email, redirect_to`, { given: { operation: LOGIN_LINK, parameters: 'all' }, want: ['query redirect_to', 'query sign_up_email', 'query sign_up_first_name', 'query sign_up_last_name'] }],
  [`${OAUTH_LOGIN_LINK}: query client_id, redirect_uri, code_challenge, sign_up_email, sign_up_first_name, sign_up_last_name`, { given: { operation: OAUTH_LOGIN_LINK, parameters: 'all' }, want: ['query client_id', 'query code_challenge', 'query redirect_uri', 'query sign_up_email', 'query sign_up_first_name', 'query sign_up_last_name'] }],
  [`${TEST_AUTH}: path auth_id`, { given: { operation: TEST_AUTH, parameters: 'all' }, want: ['path auth_id'] }],
  [`${APPS_SEARCH}: query query`, { given: { operation: APPS_SEARCH, parameters: 'all' }, want: ['query query'] }],
  [`${APP}: path app`, { given: { operation: APP, parameters: 'all' }, want: ['path app'] }],
  [`${APP_AUTHS}: path app; query account_id, only_owned`, { given: { operation: APP_AUTHS, parameters: 'all' }, want: ['path app', 'query account_id', 'query only_owned'] }],
  [`${ACTIONS}: path app; query query, filter_action_type`, { given: { operation: ACTIONS, parameters: 'all' }, want: ['path app', 'query filter_action_type', 'query query'] }],
  [`${ACTION_DETAILS}: path app, action; query action_type, account_id, authentication_id, action_extra`, { given: { operation: ACTION_DETAILS, parameters: 'all' }, want: ['path action', 'path app', 'query account_id', 'query action_extra', 'query action_type', 'query authentication_id'] }],
  [`${CHOICES}: path app, prefill; query authentication_id, account_id, query, force_refresh`, { given: { operation: CHOICES, parameters: 'all' }, want: ['path app', 'path prefill', 'query account_id', 'query authentication_id', 'query force_refresh', 'query query'] }],
  [`${EXECUTE}: query provider_id, token_budget, preview_only, skip_param_guessing`, { given: { operation: EXECUTE, parameters: 'all' }, want: ['query preview_only', 'query provider_id', 'query skip_param_guessing', 'query token_budget'] }],
  [`${AI_EXECUTE}: path ai_action_id; query preview_only`, { given: { operation: AI_EXECUTE, parameters: 'all' }, want: ['path ai_action_id', 'query preview_only'] }],
  [`${AI_PREVIEW}: path ai_action_id`, { given: { operation: AI_PREVIEW, parameters: 'all' }, want: ['path ai_action_id'] }],
  [`${RATE}: path execution_log_id; query rating, feedback`, { given: { operation: RATE, parameters: 'all' }, want: ['path execution_log_id', 'query feedback', 'query rating'] }],
  [`${AI_LIST}: no parameters stated`, { given: { operation: AI_LIST, parameters: 'all' }, want: [] }],
  [`${AI_CREATE}: query account_id, authentication_id`, { given: { operation: AI_CREATE, parameters: 'all' }, want: ['query account_id', 'query authentication_id'] }],
  [`${AI_GET}: path ai_action_id`, { given: { operation: AI_GET, parameters: 'all' }, want: ['path ai_action_id'] }],
  [`${AI_UPDATE}: path ai_action_id; query account_id, authentication_id`, { given: { operation: AI_UPDATE, parameters: 'all' }, want: ['path ai_action_id', 'query account_id', 'query authentication_id'] }],
  [`${AI_DELETE}: path ai_action_id`, { given: { operation: AI_DELETE, parameters: 'all' }, want: ['path ai_action_id'] }],
  [`${GUESS}: no parameters stated`, { given: { operation: GUESS, parameters: 'all' }, want: [] }],
  [`${UNFURL_APPS}: no parameters stated`, { given: { operation: UNFURL_APPS, parameters: 'all' }, want: [] }],
  [`${UNFURL_APP_AUTH}: path app`, { given: { operation: UNFURL_APP_AUTH, parameters: 'all' }, want: ['path app'] }],
  [`${UNFURL}: query provider_id`, { given: { operation: UNFURL, parameters: 'all' }, want: ['query provider_id'] }],
  [`${SHRINK}: query app, action, action_type, keep, token_budget`, { given: { operation: SHRINK, parameters: 'all' }, want: ['query action', 'query action_type', 'query app', 'query keep', 'query token_budget'] }],
];

const pathParameter = (schema: Want): Want => param(schema, { required: true });

const parameterRows: Row[] = [
  // System and authentication
  [`${LOGIN_LINK}: sign_up_first_name string req`, { given: { operation: LOGIN_LINK, in: 'query', name: 'sign_up_first_name' }, want: param(t('string'), { required: true }) }],
  [`${LOGIN_LINK}: sign_up_last_name string req`, { given: { operation: LOGIN_LINK, in: 'query', name: 'sign_up_last_name' }, want: param(t('string'), { required: true }) }],
  [`${LOGIN_LINK}: sign_up_email string req`, { given: { operation: LOGIN_LINK, in: 'query', name: 'sign_up_email' }, want: param(t('string'), { required: true }) }],
  [`${LOGIN_LINK}: redirect_to string default /config/login-success`, { given: { operation: LOGIN_LINK, in: 'query', name: 'redirect_to' }, want: param(t('string', { default: '/config/login-success' })) }],
  [`${OAUTH_LOGIN_LINK}: client_id string req`, { given: { operation: OAUTH_LOGIN_LINK, in: 'query', name: 'client_id' }, want: param(t('string'), { required: true }) }],
  [`${OAUTH_LOGIN_LINK}: redirect_uri string req`, { given: { operation: OAUTH_LOGIN_LINK, in: 'query', name: 'redirect_uri' }, want: param(t('string'), { required: true }) }],
  [`${OAUTH_LOGIN_LINK}: code_challenge string req`, { given: { operation: OAUTH_LOGIN_LINK, in: 'query', name: 'code_challenge' }, want: param(t('string'), { required: true }) }],
  [`${OAUTH_LOGIN_LINK}: sign_up_email string req`, { given: { operation: OAUTH_LOGIN_LINK, in: 'query', name: 'sign_up_email' }, want: param(t('string'), { required: true }) }],
  [`${OAUTH_LOGIN_LINK}: sign_up_first_name string|null`, { given: { operation: OAUTH_LOGIN_LINK, in: 'query', name: 'sign_up_first_name' }, want: param(orNull(t('string'))) }],
  [`${OAUTH_LOGIN_LINK}: sign_up_last_name string|null`, { given: { operation: OAUTH_LOGIN_LINK, in: 'query', name: 'sign_up_last_name' }, want: param(orNull(t('string'))) }],
  [`${TEST_AUTH}: path auth_id integer`, { given: { operation: TEST_AUTH, in: 'path', name: 'auth_id' }, want: pathParameter(t('integer')) }],
  // Apps
  [`${APPS_SEARCH}: query string optional`, { given: { operation: APPS_SEARCH, in: 'query', name: 'query' }, want: param(t('string')) }],
  [`${APP}: path app is a string`, { given: { operation: APP, in: 'path', name: 'app' }, want: pathParameter(t('string')) }],
  [`${APP_AUTHS}: path app is a string`, { given: { operation: APP_AUTHS, in: 'path', name: 'app' }, want: pathParameter(t('string')) }],
  [`${APP_AUTHS}: account_id integer optional`, { given: { operation: APP_AUTHS, in: 'query', name: 'account_id' }, want: param(t('integer')) }],
  [`${APP_AUTHS}: only_owned boolean default false`, { given: { operation: APP_AUTHS, in: 'query', name: 'only_owned' }, want: param(t('boolean', { default: false })) }],
  // Actions
  [`${ACTIONS}: path app is a string`, { given: { operation: ACTIONS, in: 'path', name: 'app' }, want: pathParameter(t('string')) }],
  [`${ACTIONS}: query string|null`, { given: { operation: ACTIONS, in: 'query', name: 'query' }, want: param(orNull(t('string'))) }],
  [`${ACTIONS}: filter_action_type comma-separated unique list of ActionType, default write,search`, { given: { operation: ACTIONS, in: 'query', name: 'filter_action_type' }, want: param(commaList(actionType, { uniqueItems: true, default: ['write', 'search'] })) }],
  [`${ACTION_DETAILS}: path app is a string`, { given: { operation: ACTION_DETAILS, in: 'path', name: 'app' }, want: pathParameter(t('string')) }],
  [`${ACTION_DETAILS}: path action is a string`, { given: { operation: ACTION_DETAILS, in: 'path', name: 'action' }, want: pathParameter(t('string')) }],
  [`${ACTION_DETAILS}: action_type ActionType default write`, { given: { operation: ACTION_DETAILS, in: 'query', name: 'action_type' }, want: param(ref('ActionType', { default: 'write' })) }],
  [`${ACTION_DETAILS}: account_id integer`, { given: { operation: ACTION_DETAILS, in: 'query', name: 'account_id' }, want: param(t('integer')) }],
  [`${ACTION_DETAILS}: authentication_id integer|null`, { given: { operation: ACTION_DETAILS, in: 'query', name: 'authentication_id' }, want: param(orNull(t('integer'))) }],
  [`${ACTION_DETAILS}: action_extra unique list of action_needs, action_gives, action_sample, default action_needs`, { given: { operation: ACTION_DETAILS, in: 'query', name: 'action_extra' }, want: param(commaList(t('string', { enum: ['action_needs', 'action_gives', 'action_sample'] }), { uniqueItems: true, default: ['action_needs'] })) }],
  [`${CHOICES}: path app is a string`, { given: { operation: CHOICES, in: 'path', name: 'app' }, want: pathParameter(t('string')) }],
  [`${CHOICES}: path prefill is a string`, { given: { operation: CHOICES, in: 'path', name: 'prefill' }, want: pathParameter(t('string')) }],
  [`${CHOICES}: authentication_id integer|null`, { given: { operation: CHOICES, in: 'query', name: 'authentication_id' }, want: param(orNull(t('integer'))) }],
  [`${CHOICES}: account_id integer`, { given: { operation: CHOICES, in: 'query', name: 'account_id' }, want: param(t('integer')) }],
  [`${CHOICES}: query string|null (filters results)`, { given: { operation: CHOICES, in: 'query', name: 'query' }, want: param(orNull(t('string'))) }],
  [`${CHOICES}: force_refresh boolean default false`, { given: { operation: CHOICES, in: 'query', name: 'force_refresh' }, want: param(t('boolean', { default: false })) }],
  // Execution
  [`${EXECUTE}: provider_id string optional`, { given: { operation: EXECUTE, in: 'query', name: 'provider_id' }, want: param(t('string')) }],
  [`${EXECUTE}: token_budget integer default 1000, deprecated`, { given: { operation: EXECUTE, in: 'query', name: 'token_budget' }, want: param(t('integer', { default: 1000 }), { deprecated: true }) }],
  [`${EXECUTE}: preview_only boolean default false`, { given: { operation: EXECUTE, in: 'query', name: 'preview_only' }, want: param(t('boolean', { default: false })) }],
  [`${EXECUTE}: skip_param_guessing boolean default false`, { given: { operation: EXECUTE, in: 'query', name: 'skip_param_guessing' }, want: param(t('boolean', { default: false })) }],
  [`${AI_EXECUTE}: path ai_action_id string`, { given: { operation: AI_EXECUTE, in: 'path', name: 'ai_action_id' }, want: pathParameter(t('string')) }],
  [`${AI_EXECUTE}: preview_only boolean default false`, { given: { operation: AI_EXECUTE, in: 'query', name: 'preview_only' }, want: param(t('boolean', { default: false })) }],
  [`${AI_PREVIEW}: path ai_action_id string, uuid format`, { given: { operation: AI_PREVIEW, in: 'path', name: 'ai_action_id' }, want: pathParameter(t('string', { format: 'uuid' })) }],
  [`${RATE}: path execution_log_id string`, { given: { operation: RATE, in: 'path', name: 'execution_log_id' }, want: pathParameter(t('string')) }],
  [`${RATE}: rating integer|null, -1 bad, 0 neutral and default, 1 good`, { given: { operation: RATE, in: 'query', name: 'rating' }, want: param(orNull(t('integer', { minimum: -1, maximum: 1, default: 0 }))) }],
  [`${RATE}: feedback string|null`, { given: { operation: RATE, in: 'query', name: 'feedback' }, want: param(orNull(t('string'))) }],
  // Stored AI actions
  [`${AI_CREATE}: account_id integer|null`, { given: { operation: AI_CREATE, in: 'query', name: 'account_id' }, want: param(orNull(t('integer'))) }],
  [`${AI_CREATE}: authentication_id integer|null`, { given: { operation: AI_CREATE, in: 'query', name: 'authentication_id' }, want: param(orNull(t('integer'))) }],
  [`${AI_GET}: path ai_action_id string`, { given: { operation: AI_GET, in: 'path', name: 'ai_action_id' }, want: pathParameter(t('string')) }],
  [`${AI_UPDATE}: path ai_action_id string`, { given: { operation: AI_UPDATE, in: 'path', name: 'ai_action_id' }, want: pathParameter(t('string')) }],
  [`${AI_UPDATE}: account_id integer`, { given: { operation: AI_UPDATE, in: 'query', name: 'account_id' }, want: param(t('integer')) }],
  [`${AI_UPDATE}: authentication_id integer|null`, { given: { operation: AI_UPDATE, in: 'query', name: 'authentication_id' }, want: param(orNull(t('integer'))) }],
  [`${AI_DELETE}: path ai_action_id string`, { given: { operation: AI_DELETE, in: 'path', name: 'ai_action_id' }, want: pathParameter(t('string')) }],
  // Utilities
  [`${UNFURL_APP_AUTH}: path app is a string`, { given: { operation: UNFURL_APP_AUTH, in: 'path', name: 'app' }, want: pathParameter(t('string')) }],
  [`${UNFURL}: provider_id string|null`, { given: { operation: UNFURL, in: 'query', name: 'provider_id' }, want: param(orNull(t('string'))) }],
  [`${SHRINK}: app string`, { given: { operation: SHRINK, in: 'query', name: 'app' }, want: param(t('string')) }],
  [`${SHRINK}: action string (required only when app is given)`, { given: { operation: SHRINK, in: 'query', name: 'action' }, want: param(t('string')) }],
  [`${SHRINK}: action_type string (required only when action is given)`, { given: { operation: SHRINK, in: 'query', name: 'action_type' }, want: param(t('string')) }],
  [`${SHRINK}: keep comma-separated field names`, { given: { operation: SHRINK, in: 'query', name: 'keep' }, want: param(commaList(t('string'))) }],
  [`${SHRINK}: token_budget integer default 1000 (tokens in the response)`, { given: { operation: SHRINK, in: 'query', name: 'token_budget' }, want: param(t('integer', { default: 1000 })) }],
];

const errorResponse = ref('ErrorResponse');

const bodyRows: Row[] = [
  [`${ACTION_DETAILS}: body (optional) ActionDetailsBodySchema, default {params: {}}`, { given: { operation: ACTION_DETAILS, requestBody: true }, want: { required: false, ...ref('ActionDetailsBodySchema'), default: { params: {} } } }],
  [`${CHOICES}: body (optional) ActionDetailsParamsSchema, default {params: {}}`, { given: { operation: CHOICES, requestBody: true }, want: { required: false, ...ref('ActionDetailsParamsSchema'), default: { params: {} } } }],
  [`${EXECUTE}: body StatelessExecuteRequest (req)`, { given: { operation: EXECUTE, requestBody: true }, want: { required: true, ...ref('StatelessExecuteRequest') } }],
  [`${AI_EXECUTE}: body ExecuteRequest (req)`, { given: { operation: AI_EXECUTE, requestBody: true }, want: { required: true, ...ref('ExecuteRequest') } }],
  [`${AI_PREVIEW}: body ExecuteRequest (req)`, { given: { operation: AI_PREVIEW, requestBody: true }, want: { required: true, ...ref('ExecuteRequest') } }],
  [`${AI_CREATE}: body CreateAiActionRequest (req)`, { given: { operation: AI_CREATE, requestBody: true }, want: { required: true, ...ref('CreateAiActionRequest') } }],
  [`${AI_UPDATE}: body CreateAiActionRequest (req)`, { given: { operation: AI_UPDATE, requestBody: true }, want: { required: true, ...ref('CreateAiActionRequest') } }],
  [`${GUESS}: body GuessActionsSchema (optional)`, { given: { operation: GUESS, requestBody: true }, want: { required: false, ...ref('GuessActionsSchema') } }],
  [`${UNFURL}: body UnfurlUrlRequestSchema (req)`, { given: { operation: UNFURL, requestBody: true }, want: { required: true, ...ref('UnfurlUrlRequestSchema') } }],
  [`${SHRINK}: body ResultToShrink (optional), default {result: {}, result_field_labels: {}}`, { given: { operation: SHRINK, requestBody: true }, want: { required: false, ...ref('ResultToShrink'), default: { result: {}, result_field_labels: {} } } }],
];

const responseRows: Row[] = [
  [`${HEALTH}: 200 with no body shape given`, { given: { operation: HEALTH, response: '200' }, want: t(undefined) }],
  [`${AUTH_CHECK}: 200 CheckAuthResponse`, { given: { operation: AUTH_CHECK, response: '200' }, want: ref('CheckAuthResponse') }],
  [`${ACCOUNTS}: 200 GenericResults[AccountInfo]`, { given: { operation: ACCOUNTS, response: '200' }, want: ref('AccountInfoResults') }],
  [`${LOGIN_LINK}: 200 LoginLink`, { given: { operation: LOGIN_LINK, response: '200' }, want: ref('LoginLink') }],
  [`${OAUTH_LOGIN_LINK}: 200 LoginLink`, { given: { operation: OAUTH_LOGIN_LINK, response: '200' }, want: ref('LoginLink') }],
  [`${TEST_AUTH}: 200 TestAuthResponseT`, { given: { operation: TEST_AUTH, response: '200' }, want: ref('TestAuthResponseT') }],
  [`${APPS_SEARCH}: 200 GenericResults[AppSchema]`, { given: { operation: APPS_SEARCH, response: '200' }, want: ref('AppSchemaResults') }],
  [`${APP}: 200 GenericResults[AppDetailsSchema]`, { given: { operation: APP, response: '200' }, want: ref('AppDetailsSchemaResults') }],
  [`${APP_AUTHS}: 200 ListAuthenticationsForAppResultSchema`, { given: { operation: APP_AUTHS, response: '200' }, want: ref('ListAuthenticationsForAppResultSchema') }],
  [`${ACTIONS}: 200 GenericResults[ActionSchema]`, { given: { operation: ACTIONS, response: '200' }, want: ref('ActionSchemaResults') }],
  [`${ACTION_DETAILS}: 200 GenericResults[ActionDetailsResultSchema]`, { given: { operation: ACTION_DETAILS, response: '200' }, want: ref('ActionDetailsResultSchemaResults') }],
  [`${CHOICES}: 200 PrefillChoicesResultsSchema`, { given: { operation: CHOICES, response: '200' }, want: ref('PrefillChoicesResultsSchema') }],
  [`${EXECUTE}: 200 ExecuteResponse`, { given: { operation: EXECUTE, response: '200' }, want: ref('ExecuteResponse') }],
  [`${EXECUTE}: 400 ErrorResponse`, { given: { operation: EXECUTE, response: '400' }, want: errorResponse }],
  [`${EXECUTE}: 412 ErrorResponse`, { given: { operation: EXECUTE, response: '412' }, want: errorResponse }],
  [`${EXECUTE}: 422 ErrorResponse`, { given: { operation: EXECUTE, response: '422' }, want: errorResponse }],
  [`${AI_EXECUTE}: 200 ExecuteResponse ("responses as above")`, { given: { operation: AI_EXECUTE, response: '200' }, want: ref('ExecuteResponse') }],
  [`${AI_EXECUTE}: 400 ErrorResponse`, { given: { operation: AI_EXECUTE, response: '400' }, want: errorResponse }],
  [`${AI_EXECUTE}: 412 ErrorResponse`, { given: { operation: AI_EXECUTE, response: '412' }, want: errorResponse }],
  [`${AI_EXECUTE}: 422 ErrorResponse`, { given: { operation: AI_EXECUTE, response: '422' }, want: errorResponse }],
  [`${AI_PREVIEW}: 200 ExecuteResponse`, { given: { operation: AI_PREVIEW, response: '200' }, want: ref('ExecuteResponse') }],
  [`${AI_PREVIEW}: 400 ErrorResponse`, { given: { operation: AI_PREVIEW, response: '400' }, want: errorResponse }],
  [`${AI_PREVIEW}: 412 ErrorResponse`, { given: { operation: AI_PREVIEW, response: '412' }, want: errorResponse }],
  [`${AI_PREVIEW}: 422 ErrorResponse`, { given: { operation: AI_PREVIEW, response: '422' }, want: errorResponse }],
  [`${RATE}: 200 ExecuteResponse`, { given: { operation: RATE, response: '200' }, want: ref('ExecuteResponse') }],
  [`${RATE}: 400 ErrorResponse`, { given: { operation: RATE, response: '400' }, want: errorResponse }],
  [`${RATE}: 412 ErrorResponse`, { given: { operation: RATE, response: '412' }, want: errorResponse }],
  [`${RATE}: 422 ErrorResponse`, { given: { operation: RATE, response: '422' }, want: errorResponse }],
  [`${AI_LIST}: 200 ExposedActionResponseSchema`, { given: { operation: AI_LIST, response: '200' }, want: ref('ExposedActionResponseSchema') }],
  [`${AI_CREATE}: 200 AiActionResponse`, { given: { operation: AI_CREATE, response: '200' }, want: ref('AiActionResponse') }],
  [`${AI_GET}: 200 AiActionResponse`, { given: { operation: AI_GET, response: '200' }, want: ref('AiActionResponse') }],
  [`${AI_UPDATE}: 200 AiActionResponse`, { given: { operation: AI_UPDATE, response: '200' }, want: ref('AiActionResponse') }],
  [`${AI_DELETE}: 200 boolean (true when deleted, false when not found)`, { given: { operation: AI_DELETE, response: '200' }, want: t('boolean') }],
  [`${GUESS}: 200 array of GuessResultSchema`, { given: { operation: GUESS, response: '200' }, want: arrayOf(ref('GuessResultSchema')) }],
  [`${UNFURL_APPS}: 200 UnfurlAppListResponse`, { given: { operation: UNFURL_APPS, response: '200' }, want: ref('UnfurlAppListResponse') }],
  [`${UNFURL_APP_AUTH}: 200 AppAuthResponseSchema`, { given: { operation: UNFURL_APP_AUTH, response: '200' }, want: ref('AppAuthResponseSchema') }],
  [`${UNFURL}: 200 is one of UnfurlUrlResponseSchema, UnfurlError, UnfurlNoAuthFoundError`, { given: { operation: UNFURL, response: '200' }, want: t(undefined, { union: { kind: 'anyOf', members: [ref('UnfurlUrlResponseSchema'), ref('UnfurlError'), ref('UnfurlNoAuthFoundError')] } }) }],
  [`${SHRINK}: 200 ShrinkResultResult`, { given: { operation: SHRINK, response: '200' }, want: ref('ShrinkResultResult') }],
];

const ruleRows: Row[] = [
  [`${EXECUTE}: skip_param_guessing and preview_only cannot both be true`, {
    given: { operation: EXECUTE, extension: 'x-zapgen-rules' },
    want: [{ kind: 'mutuallyExclusive', parameters: [{ in: 'query', name: 'skip_param_guessing' }, { in: 'query', name: 'preview_only' }], description: expect.any(String) }],
  }],
  [`${SHRINK}: action is required when app is given; action_type is required when action is given`, {
    given: { operation: SHRINK, extension: 'x-zapgen-rules' },
    want: [
      { kind: 'requiredWith', if: { in: 'query', name: 'app' }, then: [{ in: 'query', name: 'action' }], description: expect.any(String) },
      { kind: 'requiredWith', if: { in: 'query', name: 'action' }, then: [{ in: 'query', name: 'action_type' }], description: expect.any(String) },
    ],
  }],
  [`${SHRINK}: unofficial; may change or be removed at any time`, { given: { operation: SHRINK, extension: 'x-zapgen-stability' }, want: { level: 'unofficial', note: expect.stringContaining('removed at any time') } }],
  [`${CHOICES}: choices per user, app and prefill are cached 24 hours; force_refresh refreshes the cache`, {
    given: { operation: CHOICES, extension: 'x-zapgen-cache' },
    want: { ttlSeconds: 86_400, scope: ['user', 'app', 'prefill'], refreshParameter: { in: 'query', name: 'force_refresh' }, ageField: 'last_refresh_seconds_ago' },
  }],
  [`(facts) ${CHOICES}: while is_loading is true, clients poll about once a second`, { given: { operation: CHOICES, extension: 'x-zapgen-polling' }, want: { whileField: 'is_loading', intervalMs: 1000 } }],
  [`${EXECUTE}: with skip_param_guessing every param must be in mode locked or ignored (stated, not machine-checked)`, { given: { pointer: '/paths/~1api~1v2~1execute~1/post/parameters/3/description' }, want: expect.stringMatching(/locked[\s\S]*ignored/) }],
  [`${TEST_AUTH}: an invalid authentication is marked stale`, { given: { pointer: '/paths/~1api~1v2~1auth~1{auth_id}~1test~1/post/description' }, want: expect.stringContaining('stale') }],
  [`${AI_DELETE}: delete of an AI action that does not exist gives 200 with body false`, { given: { pointer: '/paths/~1api~1v2~1ai-actions~1{ai_action_id}~1/delete/responses/200/description' }, want: expect.stringMatching(/false when it was not found/) }],
  [`${UNFURL}: unfurl fails gives 200 with UnfurlError; a missing authentication gives UnfurlNoAuthFoundError`, { given: { pointer: '/paths/~1api~1v2~1unfurl~1/post/description' }, want: expect.stringMatching(/200 with an UnfurlError[\s\S]*UnfurlNoAuthFoundError/) }],
  [`${EXECUTE}: token_budget caps tokens per field; longer values are truncated`, { given: { pointer: '/paths/~1api~1v2~1execute~1/post/parameters/1/description' }, want: expect.stringMatching(/tokens per field[\s\S]*truncated/) }],
  [`${ACTION_DETAILS}: action_sample makes the response much slower`, { given: { pointer: '/paths/~1api~1v2~1apps~1{app}~1actions~1{action}~1/post/parameters/5/description' }, want: expect.stringContaining('much slower') }],
  [`${ACTIONS}: results are ordered by relevancy`, { given: { pointer: '/paths/~1api~1v2~1apps~1{app}~1actions~1/get/description' }, want: expect.stringContaining('ordered by relevancy') }],
  [`${RATE}: values are patched onto the log, so the operation may be called repeatedly`, { given: { pointer: '/paths/~1api~1v2~1execute~1log~1{execution_log_id}~1rate~1/post/description' }, want: expect.stringContaining('repeatedly') }],
];

/** A concrete `GenericResults[T]`: `results` required, additional properties may be present. */
const results = (): Want => schemaShape(['results'], ['results'], { additionalProperties: true });

const schemaRows: Row[] = [
  // GenericResults[T]
  ['GenericResults[AccountInfo]: results req; additional properties may be present', { given: { schema: 'AccountInfoResults' }, want: results() }],
  ['GenericResults[AccountInfo].results: array of AccountInfo', { given: { schema: 'AccountInfoResults', field: 'results' }, want: req(arrayOf(ref('AccountInfo'))) }],
  ['GenericResults[AppSchema]: results req; open', { given: { schema: 'AppSchemaResults' }, want: results() }],
  ['GenericResults[AppSchema].results: array of AppSchema', { given: { schema: 'AppSchemaResults', field: 'results' }, want: req(arrayOf(ref('AppSchema'))) }],
  ['GenericResults[AppDetailsSchema]: results req; open', { given: { schema: 'AppDetailsSchemaResults' }, want: results() }],
  ['GenericResults[AppDetailsSchema].results: array of AppDetailsSchema', { given: { schema: 'AppDetailsSchemaResults', field: 'results' }, want: req(arrayOf(ref('AppDetailsSchema'))) }],
  ['GenericResults[ActionSchema]: results req; open', { given: { schema: 'ActionSchemaResults' }, want: results() }],
  ['GenericResults[ActionSchema].results: array of ActionSchema', { given: { schema: 'ActionSchemaResults', field: 'results' }, want: req(arrayOf(ref('ActionSchema'))) }],
  ['GenericResults[ActionDetailsResultSchema]: results req; open', { given: { schema: 'ActionDetailsResultSchemaResults' }, want: results() }],
  ['GenericResults[ActionDetailsResultSchema].results: array of ActionDetailsResultSchema', { given: { schema: 'ActionDetailsResultSchemaResults', field: 'results' }, want: req(arrayOf(ref('ActionDetailsResultSchema'))) }],
  // CheckAuthResponse
  ['CheckAuthResponse has success, email, name, user_id, is_staff', { given: { schema: 'CheckAuthResponse' }, want: schemaShape(['success', 'email', 'name'], ['success', 'email', 'name', 'user_id', 'is_staff']) }],
  ['CheckAuthResponse.success: boolean, req', { given: { schema: 'CheckAuthResponse', field: 'success' }, want: req(t('boolean')) }],
  ['CheckAuthResponse.email: string, req', { given: { schema: 'CheckAuthResponse', field: 'email' }, want: req(t('string')) }],
  ['CheckAuthResponse.name: string, req', { given: { schema: 'CheckAuthResponse', field: 'name' }, want: req(t('string')) }],
  ['CheckAuthResponse.user_id: integer|null', { given: { schema: 'CheckAuthResponse', field: 'user_id' }, want: opt(orNull(t('integer'))) }],
  ['CheckAuthResponse.is_staff: boolean|null', { given: { schema: 'CheckAuthResponse', field: 'is_staff' }, want: opt(orNull(t('boolean'))) }],
  // AccountInfo
  ['AccountInfo: all four fields req', { given: { schema: 'AccountInfo' }, want: schemaShape(['id', 'name', 'logo_url', 'owner'], ['id', 'name', 'logo_url', 'owner']) }],
  ['AccountInfo.id: integer|null', { given: { schema: 'AccountInfo', field: 'id' }, want: req(orNull(t('integer'))) }],
  ['AccountInfo.name: string|null', { given: { schema: 'AccountInfo', field: 'name' }, want: req(orNull(t('string'))) }],
  ['AccountInfo.logo_url: string|null', { given: { schema: 'AccountInfo', field: 'logo_url' }, want: req(orNull(t('string'))) }],
  ['AccountInfo.owner: AccountOwner', { given: { schema: 'AccountInfo', field: 'owner' }, want: req(ref('AccountOwner')) }],
  ['AccountOwner has fields name and email', { given: { schema: 'AccountOwner' }, want: schemaShape([], ['name', 'email']) }],
  ['AccountOwner.name: string|null', { given: { schema: 'AccountOwner', field: 'name' }, want: opt(orNull(t('string'))) }],
  ['AccountOwner.email: string|null', { given: { schema: 'AccountOwner', field: 'email' }, want: opt(orNull(t('string'))) }],
  // LoginLink
  ['LoginLink has login_link', { given: { schema: 'LoginLink' }, want: schemaShape([], ['login_link']) }],
  ['LoginLink.login_link: string|null', { given: { schema: 'LoginLink', field: 'login_link' }, want: opt(orNull(t('string'))) }],
  // TestAuthResponseT
  ['TestAuthResponseT: all req', { given: { schema: 'TestAuthResponseT' }, want: schemaShape(['success', 'errors', 'results'], ['success', 'errors', 'results']) }],
  ['TestAuthResponseT.success: boolean', { given: { schema: 'TestAuthResponseT', field: 'success' }, want: req(t('boolean')) }],
  ['TestAuthResponseT.errors: array of objects | null', { given: { schema: 'TestAuthResponseT', field: 'errors' }, want: req(orNull(arrayOf(t('object')))) }],
  ['TestAuthResponseT.results: object | boolean | null', { given: { schema: 'TestAuthResponseT', field: 'results' }, want: req(orNull(t(['object', 'boolean']))) }],
  // AppSchema
  ['AppSchema: all req', { given: { schema: 'AppSchema' }, want: schemaShape(['app', 'name', 'logo_url', 'auth_type', 'actions'], ['app', 'name', 'logo_url', 'auth_type', 'actions']) }],
  ['AppSchema.app: string, key of the app', { given: { schema: 'AppSchema', field: 'app' }, want: req(t('string')) }],
  ['AppSchema.name: string', { given: { schema: 'AppSchema', field: 'name' }, want: req(t('string')) }],
  ['AppSchema.logo_url: string', { given: { schema: 'AppSchema', field: 'logo_url' }, want: req(t('string')) }],
  ['AppSchema.auth_type: string|null, null means no authentication needed', { given: { schema: 'AppSchema', field: 'auth_type' }, want: req(orNull(t('string'))) }],
  ['AppSchema.actions: object, string keys to integer values', { given: { schema: 'AppSchema', field: 'actions' }, want: req(t('object', { values: t('integer') })) }],
  // ActionType
  ['ActionType: read, write, search, read_bulk, search_or_write, search_and_write', { given: { schema: 'ActionType' }, want: schemaShape([], [], { type: 'string', enum: ['read', 'write', 'search', 'read_bulk', 'search_or_write', 'search_and_write'] }) }],
  // ActionSchema
  ['ActionSchema: all req', { given: { schema: 'ActionSchema' }, want: schemaShape(documentedRequired.ActionSchema!, documentedRequired.ActionSchema!) }],
  ['ActionSchema.app: string', { given: { schema: 'ActionSchema', field: 'app' }, want: req(t('string')) }],
  ['ActionSchema.action: string', { given: { schema: 'ActionSchema', field: 'action' }, want: req(t('string')) }],
  ['ActionSchema.type: ActionType', { given: { schema: 'ActionSchema', field: 'type' }, want: req(ref('ActionType')) }],
  ['ActionSchema.display_name: string', { given: { schema: 'ActionSchema', field: 'display_name' }, want: req(t('string')) }],
  ['ActionSchema.description: string', { given: { schema: 'ActionSchema', field: 'description' }, want: req(t('string')) }],
  ['ActionSchema.search_relevancy_score: number between 0 and 1', { given: { schema: 'ActionSchema', field: 'search_relevancy_score' }, want: req(t('number', { minimum: 0, maximum: 1 })) }],
  ['ActionSchema.app_info: AppSchema|null', { given: { schema: 'ActionSchema', field: 'app_info' }, want: req(orNull(ref('AppSchema'))) }],
  ['ActionSchema.app_needs_auth: boolean', { given: { schema: 'ActionSchema', field: 'app_needs_auth' }, want: req(t('boolean')) }],
  // ActionDetailsResultSchema
  ['ActionDetailsResultSchema: all req', { given: { schema: 'ActionDetailsResultSchema' }, want: schemaShape(documentedRequired.ActionDetailsResultSchema!, documentedRequired.ActionDetailsResultSchema!) }],
  ['ActionDetailsResultSchema.action_has_custom_needs_probability: number 0.0 to 1.0', { given: { schema: 'ActionDetailsResultSchema', field: 'action_has_custom_needs_probability' }, want: req(t('number', { minimum: 0, maximum: 1 })) }],
  ['ActionDetailsResultSchema.action: ActionT', { given: { schema: 'ActionDetailsResultSchema', field: 'action' }, want: req(ref('ActionT')) }],
  ['ActionDetailsResultSchema.action_gives: array of GivesT', { given: { schema: 'ActionDetailsResultSchema', field: 'action_gives' }, want: req(arrayOf(ref('GivesT'))) }],
  ['ActionDetailsResultSchema.action_needs: array of NeedT', { given: { schema: 'ActionDetailsResultSchema', field: 'action_needs' }, want: req(arrayOf(ref('NeedT'))) }],
  ['ActionDetailsResultSchema.action_sample: object', { given: { schema: 'ActionDetailsResultSchema', field: 'action_sample' }, want: req(t('object')) }],
  // ActionT
  ['ActionT: req type, key, name, noun, description, is_important, is_hidden; optional needs, meta, popularity, app_name', { given: { schema: 'ActionT' }, want: schemaShape(documentedRequired.ActionT!, [...documentedRequired.ActionT!, 'needs', 'meta', 'popularity', 'app_name']) }],
  ...['type', 'key', 'name', 'noun', 'description'].map((field): Row => [`ActionT.${field}: string, req`, { given: { schema: 'ActionT', field }, want: req(t('string')) }]),
  ...['is_important', 'is_hidden'].map((field): Row => [`ActionT.${field}: boolean, req`, { given: { schema: 'ActionT', field }, want: req(t('boolean')) }]),
  ['ActionT.needs: array of NeedT', { given: { schema: 'ActionT', field: 'needs' }, want: opt(arrayOf(ref('NeedT'))) }],
  ['ActionT.meta: ActionMetaT|null', { given: { schema: 'ActionT', field: 'meta' }, want: opt(orNull(ref('ActionMetaT'))) }],
  ['ActionT.popularity: integer|null', { given: { schema: 'ActionT', field: 'popularity' }, want: opt(orNull(t('integer'))) }],
  ['ActionT.app_name: string|null', { given: { schema: 'ActionT', field: 'app_name' }, want: opt(orNull(t('string'))) }],
  ['ActionMetaT has one optional field hook', { given: { schema: 'ActionMetaT' }, want: schemaShape([], ['hook']) }],
  ['ActionMetaT.hook: ActionMetaHookT|null', { given: { schema: 'ActionMetaT', field: 'hook' }, want: opt(orNull(ref('ActionMetaHookT'))) }],
  ['ActionMetaHookT has directions, is_notification, is_pollable, is_polling_notification, is_subscription, url', { given: { schema: 'ActionMetaHookT' }, want: schemaShape([], ['directions', 'is_notification', 'is_pollable', 'is_polling_notification', 'is_subscription', 'url']) }],
  ['ActionMetaHookT.directions: string|null', { given: { schema: 'ActionMetaHookT', field: 'directions' }, want: opt(orNull(t('string'))) }],
  ...['is_notification', 'is_pollable', 'is_polling_notification', 'is_subscription'].map((field): Row => [`ActionMetaHookT.${field}: boolean|null`, { given: { schema: 'ActionMetaHookT', field }, want: opt(orNull(t('boolean'))) }]),
  ['ActionMetaHookT.url: string|null', { given: { schema: 'ActionMetaHookT', field: 'url' }, want: opt(orNull(t('string'))) }],
  // NeedT
  ['NeedT: none of the fields is marked required', {
    given: { schema: 'NeedT' },
    want: schemaShape([], [
      'key', 'label', 'type', 'required', 'custom_field', 'from_search', 'from_write', 'send_in_json', 'list',
      'prefill', 'searchfill', 'language', 'parent_key', 'regex', 'help_text', 'placeholder', 'format',
      'capabilities', 'depends_on', 'input_format', 'alters_custom_fields', 'default_guessable', 'choices', 'default',
    ]),
  }],
  ...['key', 'label'].map((field): Row => [`NeedT.${field}: string`, { given: { schema: 'NeedT', field }, want: opt(t('string')) }]),
  ['NeedT.type: enumeration int … confirmation (NeedType)', { given: { schema: 'NeedT', field: 'type' }, want: opt(ref('NeedType')) }],
  ['NeedType: int, integer, float, decimal, unicode, text, str, string, datetime, boolean, bool, file, copy, password, dict, code, filter, confirmation', {
    given: { schema: 'NeedType' },
    want: schemaShape([], [], { type: 'string', enum: ['int', 'integer', 'float', 'decimal', 'unicode', 'text', 'str', 'string', 'datetime', 'boolean', 'bool', 'file', 'copy', 'password', 'dict', 'code', 'filter', 'confirmation'] }),
  }],
  ...['required', 'custom_field', 'from_search', 'from_write', 'send_in_json', 'list'].map((field): Row => [`NeedT.${field}: boolean`, { given: { schema: 'NeedT', field }, want: opt(t('boolean')) }]),
  ...['prefill', 'searchfill', 'language', 'parent_key', 'regex', 'help_text', 'placeholder', 'format'].map((field): Row => [`NeedT.${field}: string|null`, { given: { schema: 'NeedT', field }, want: opt(orNull(t('string'))) }]),
  ...['capabilities', 'depends_on'].map((field): Row => [`NeedT.${field}: array of string`, { given: { schema: 'NeedT', field }, want: opt(arrayOf(t('string'))) }]),
  ['NeedT.input_format: array|null', { given: { schema: 'NeedT', field: 'input_format' }, want: opt(orNull(t('array'))) }],
  ...['alters_custom_fields', 'default_guessable'].map((field): Row => [`NeedT.${field}: boolean|null`, { given: { schema: 'NeedT', field }, want: opt(orNull(t('boolean'))) }]),
  ['NeedT.choices: array of ChoiceT, or string, or array of string, or object of string to string, or null', {
    given: { schema: 'NeedT', field: 'choices' },
    want: opt(orNull(t(undefined, { union: { kind: 'anyOf', members: [arrayOf(ref('ChoiceT')), t('string'), arrayOf(t('string')), t('object', { values: t('string') })] } }))),
  }],
  ['NeedT.default: string | integer | null', { given: { schema: 'NeedT', field: 'default' }, want: opt(orNull(t(['string', 'integer']))) }],
  ['ChoiceT has key, label and sample', { given: { schema: 'ChoiceT' }, want: schemaShape([], ['key', 'label', 'sample']) }],
  ...['key', 'label', 'sample'].map((field): Row => [`ChoiceT.${field}: string`, { given: { schema: 'ChoiceT', field }, want: opt(t('string')) }]),
  // GivesT
  ['GivesT: req key, score, subscore, type; optional label, zap_meta_sample, custom_field, important', { given: { schema: 'GivesT' }, want: schemaShape(['key', 'score', 'subscore', 'type'], ['key', 'score', 'subscore', 'type', 'label', 'zap_meta_sample', 'custom_field', 'important']) }],
  ['GivesT.key: string, req', { given: { schema: 'GivesT', field: 'key' }, want: req(t('string')) }],
  ['GivesT.score: number, req', { given: { schema: 'GivesT', field: 'score' }, want: req(t('number')) }],
  ['GivesT.subscore: number, req', { given: { schema: 'GivesT', field: 'subscore' }, want: req(t('number')) }],
  ['GivesT.type: string, req', { given: { schema: 'GivesT', field: 'type' }, want: req(t('string')) }],
  ['GivesT.label: string|null', { given: { schema: 'GivesT', field: 'label' }, want: opt(orNull(t('string'))) }],
  ['GivesT.zap_meta_sample: any', { given: { schema: 'GivesT', field: 'zap_meta_sample' }, want: opt(t(undefined)) }],
  ['GivesT.custom_field: boolean default false', { given: { schema: 'GivesT', field: 'custom_field' }, want: opt(t('boolean', { default: false })) }],
  ['GivesT.important: boolean default false', { given: { schema: 'GivesT', field: 'important' }, want: opt(t('boolean', { default: false })) }],
  // AppDetailsSchema
  ['AppDetailsSchema: all req', { given: { schema: 'AppDetailsSchema' }, want: schemaShape(['app_needs_auth', 'implementation', 'details'], ['app_needs_auth', 'implementation', 'details']) }],
  ['AppDetailsSchema.app_needs_auth: boolean', { given: { schema: 'AppDetailsSchema', field: 'app_needs_auth' }, want: req(t('boolean')) }],
  ['AppDetailsSchema.implementation: ImplementationT', { given: { schema: 'AppDetailsSchema', field: 'implementation' }, want: req(ref('ImplementationT')) }],
  ['AppDetailsSchema.details: AppDetailT|null', { given: { schema: 'AppDetailsSchema', field: 'details' }, want: req(orNull(ref('AppDetailT'))) }],
  // ImplementationT
  ['ImplementationT: req selected_api, app_id, name, slug; optional actions, auth_type, auth_fields and six booleans', {
    given: { schema: 'ImplementationT' },
    want: schemaShape(['selected_api', 'app_id', 'name', 'slug'], ['selected_api', 'app_id', 'name', 'slug', 'actions', 'auth_type', 'auth_fields', 'is_deprecated', 'is_private_only', 'is_invite_only', 'is_beta', 'is_premium', 'is_hidden']),
  }],
  ['ImplementationT.selected_api: string, req', { given: { schema: 'ImplementationT', field: 'selected_api' }, want: req(t('string')) }],
  ['ImplementationT.app_id: integer|null, req', { given: { schema: 'ImplementationT', field: 'app_id' }, want: req(orNull(t('integer'))) }],
  ['ImplementationT.name: string, req', { given: { schema: 'ImplementationT', field: 'name' }, want: req(t('string')) }],
  ['ImplementationT.slug: string|null, req', { given: { schema: 'ImplementationT', field: 'slug' }, want: req(orNull(t('string'))) }],
  ['ImplementationT.actions: array of ActionT', { given: { schema: 'ImplementationT', field: 'actions' }, want: opt(arrayOf(ref('ActionT'))) }],
  ['ImplementationT.auth_type: string|null', { given: { schema: 'ImplementationT', field: 'auth_type' }, want: opt(orNull(t('string'))) }],
  ['ImplementationT.auth_fields: array of AuthFieldT', { given: { schema: 'ImplementationT', field: 'auth_fields' }, want: opt(arrayOf(ref('AuthFieldT'))) }],
  ...['is_deprecated', 'is_private_only', 'is_invite_only', 'is_beta', 'is_premium', 'is_hidden'].map((field): Row => [`ImplementationT.${field}: boolean default false`, { given: { schema: 'ImplementationT', field }, want: opt(t('boolean', { default: false })) }]),
  // AuthFieldT
  ['AuthFieldT has computed, key, required, type, label, help_text', { given: { schema: 'AuthFieldT' }, want: schemaShape([], ['computed', 'key', 'required', 'type', 'label', 'help_text']) }],
  ['AuthFieldT.computed: boolean', { given: { schema: 'AuthFieldT', field: 'computed' }, want: opt(t('boolean')) }],
  ['AuthFieldT.key: string', { given: { schema: 'AuthFieldT', field: 'key' }, want: opt(t('string')) }],
  ['AuthFieldT.required: boolean', { given: { schema: 'AuthFieldT', field: 'required' }, want: opt(t('boolean')) }],
  ['AuthFieldT.type: same enumeration as NeedT.type', { given: { schema: 'AuthFieldT', field: 'type' }, want: opt(ref('NeedType')) }],
  ['AuthFieldT.label: string', { given: { schema: 'AuthFieldT', field: 'label' }, want: opt(t('string')) }],
  ['AuthFieldT.help_text: string|null', { given: { schema: 'AuthFieldT', field: 'help_text' }, want: opt(orNull(t('string'))) }],
  // AppDetailT
  ['AppDetailT: req strings, integers, images, booleans; optional nullable strings and categories', {
    given: { schema: 'AppDetailT' },
    want: schemaShape(documentedRequired.AppDetailT!, [...documentedRequired.AppDetailT!, 'current_implementation_id', 'external_url', 'learn_more_url', 'invite_url', 'primary_color', 'categories']),
  }],
  ...['name', 'slug', 'description', 'app_profile_url', 'banner', 'canonical_id', 'hashtag', 'image'].map((field): Row => [`AppDetailT.${field}: string, req`, { given: { schema: 'AppDetailT', field }, want: req(t('string')) }]),
  ...['age_in_days', 'days_since_last_update', 'id', 'internal_id', 'popularity', 'request_count', 'zap_usage_count'].map((field): Row => [`AppDetailT.${field}: integer, req`, { given: { schema: 'AppDetailT', field }, want: req(t('integer')) }]),
  ['AppDetailT.images: ImagesT, req', { given: { schema: 'AppDetailT', field: 'images' }, want: req(ref('ImagesT')) }],
  ...['is_beta', 'is_built_in', 'is_featured', 'is_premium', 'is_public', 'is_upcoming'].map((field): Row => [`AppDetailT.${field}: boolean, req`, { given: { schema: 'AppDetailT', field }, want: req(t('boolean')) }]),
  ...['current_implementation_id', 'external_url', 'learn_more_url', 'invite_url', 'primary_color'].map((field): Row => [`AppDetailT.${field}: string|null, optional`, { given: { schema: 'AppDetailT', field }, want: opt(orNull(t('string'))) }]),
  ['AppDetailT.categories: array of CategoryDetailT, optional', { given: { schema: 'AppDetailT', field: 'categories' }, want: opt(arrayOf(ref('CategoryDetailT'))) }],
  ['CategoryDetailT: title and description, both req', { given: { schema: 'CategoryDetailT' }, want: schemaShape(['title', 'description'], ['title', 'description']) }],
  ...['title', 'description'].map((field): Row => [`CategoryDetailT.${field}: string, req`, { given: { schema: 'CategoryDetailT', field }, want: req(t('string')) }]),
  ['ImagesT: url_16_x16, url_32_x32, url_64_x64, url_128_x128', { given: { schema: 'ImagesT' }, want: schemaShape([], ['url_16_x16', 'url_32_x32', 'url_64_x64', 'url_128_x128']) }],
  ...['url_16_x16', 'url_32_x32', 'url_64_x64', 'url_128_x128'].map((field): Row => [`ImagesT.${field}: string|null`, { given: { schema: 'ImagesT', field }, want: opt(orNull(t('string'))) }]),
  // AuthenticationT
  ['AuthenticationT: all req', { given: { schema: 'AuthenticationT' }, want: schemaShape(documentedRequired.AuthenticationT!, documentedRequired.AuthenticationT!) }],
  ...['date', 'lastchanged', 'selected_api', 'url'].map((field): Row => [`AuthenticationT.${field}: string`, { given: { schema: 'AuthenticationT', field }, want: req(t('string')) }]),
  ...['id', 'account_id', 'customuser_id'].map((field): Row => [`AuthenticationT.${field}: integer`, { given: { schema: 'AuthenticationT', field }, want: req(t('integer')) }]),
  ...['is_invite_only', 'is_private', 'is_stale', 'shared_with_all', 'is_shared'].map((field): Row => [`AuthenticationT.${field}: boolean`, { given: { schema: 'AuthenticationT', field }, want: req(t('boolean')) }]),
  ['AuthenticationT.groups: array of AuthenticationGroupT', { given: { schema: 'AuthenticationT', field: 'groups' }, want: req(arrayOf(ref('AuthenticationGroupT'))) }],
  ['AuthenticationT.members: array', { given: { schema: 'AuthenticationT', field: 'members' }, want: req(t('array')) }],
  ...['title', 'label'].map((field): Row => [`AuthenticationT.${field}: string|null`, { given: { schema: 'AuthenticationT', field }, want: req(orNull(t('string'))) }]),
  ['AuthenticationT.permissions: object with booleans', { given: { schema: 'AuthenticationT', field: 'permissions' }, want: req(ref('AuthenticationPermissionsT')) }],
  ['AuthenticationGroupT has id, name, photo_url, member_count', { given: { schema: 'AuthenticationGroupT' }, want: schemaShape([], ['id', 'name', 'photo_url', 'member_count']) }],
  ['AuthenticationGroupT.id: string or integer', { given: { schema: 'AuthenticationGroupT', field: 'id' }, want: opt(t(['string', 'integer'])) }],
  ['AuthenticationGroupT.name: string', { given: { schema: 'AuthenticationGroupT', field: 'name' }, want: opt(t('string')) }],
  ['AuthenticationGroupT.photo_url: string', { given: { schema: 'AuthenticationGroupT', field: 'photo_url' }, want: opt(t('string')) }],
  ['AuthenticationGroupT.member_count: integer', { given: { schema: 'AuthenticationGroupT', field: 'member_count' }, want: opt(t('integer')) }],
  ['AuthenticationT.permissions has booleans delete, edit, reconnect, share, test, transfer, use', { given: { schema: 'AuthenticationPermissionsT' }, want: schemaShape([], ['delete', 'edit', 'reconnect', 'share', 'test', 'transfer', 'use']) }],
  ...['delete', 'edit', 'reconnect', 'share', 'test', 'transfer', 'use'].map((field): Row => [`AuthenticationT.permissions.${field}: boolean`, { given: { schema: 'AuthenticationPermissionsT', field }, want: opt(t('boolean')) }]),
  // ListAuthenticationsForAppResultSchema
  ['ListAuthenticationsForAppResultSchema: req last_refresh_seconds_ago, results; optional message', { given: { schema: 'ListAuthenticationsForAppResultSchema' }, want: schemaShape(['last_refresh_seconds_ago', 'results'], ['last_refresh_seconds_ago', 'results', 'message']) }],
  ['ListAuthenticationsForAppResultSchema.last_refresh_seconds_ago: integer|null, req', { given: { schema: 'ListAuthenticationsForAppResultSchema', field: 'last_refresh_seconds_ago' }, want: req(orNull(t('integer'))) }],
  ['ListAuthenticationsForAppResultSchema.results: array of AuthenticationT, req', { given: { schema: 'ListAuthenticationsForAppResultSchema', field: 'results' }, want: req(arrayOf(ref('AuthenticationT'))) }],
  ['ListAuthenticationsForAppResultSchema.message: string|null', { given: { schema: 'ListAuthenticationsForAppResultSchema', field: 'message' }, want: opt(orNull(t('string'))) }],
];

/** Payloads the document names but does not show: open objects, typed only from the facts file. */
const notShownRows: Row[] = [
  ['ActionDetailsBodySchema: params (an object of key-value pairs); other fields not shown; default {params: {}}', { given: { schema: 'ActionDetailsBodySchema' }, want: notShown(['params'], { default: { params: {} } }) }],
  ['ActionDetailsBodySchema.params: object of key-value pairs', { given: { schema: 'ActionDetailsBodySchema', field: 'params' }, want: opt(t('object')) }],
  ['ActionDetailsParamsSchema: not shown; default {params: {}}', { given: { schema: 'ActionDetailsParamsSchema' }, want: notShown(['params'], { default: { params: {} } }) }],
  ['PrefillChoicesResultsSchema: not shown; (facts) is_loading, last_refresh_seconds_ago, results', { given: { schema: 'PrefillChoicesResultsSchema' }, want: notShown(['is_loading', 'last_refresh_seconds_ago', 'results']) }],
  ['(facts) PrefillChoicesResultsSchema.is_loading: boolean', { given: { schema: 'PrefillChoicesResultsSchema', field: 'is_loading' }, want: opt(t('boolean')) }],
  ['(facts) PrefillChoicesResultsSchema.last_refresh_seconds_ago: integer|null', { given: { schema: 'PrefillChoicesResultsSchema', field: 'last_refresh_seconds_ago' }, want: opt(orNull(t('integer'))) }],
  ['(facts) PrefillChoicesResultsSchema.results: array of ChoiceT', { given: { schema: 'PrefillChoicesResultsSchema', field: 'results' }, want: opt(arrayOf(ref('ChoiceT'))) }],
  ['(facts) a param value is {mode, value}', { given: { schema: 'ActionParam' }, want: notShown(['mode', 'value']) }],
  ['(facts) mode is one of locked, guess, choose_from, ignored', { given: { schema: 'ParamMode' }, want: schemaShape([], [], { type: 'string', enum: ['locked', 'guess', 'choose_from', 'ignored'] }) }],
  ['StatelessExecuteRequest: not shown; (facts) instructions, app, action (required), params, action_type, authentication_id, account_id', { given: { schema: 'StatelessExecuteRequest' }, want: schemaShape(['instructions', 'app', 'action'], ['instructions', 'app', 'action', 'params', 'action_type', 'authentication_id', 'account_id'], { additionalProperties: true }) }],
  ...['instructions', 'app', 'action'].map((field): Row => [`(facts) StatelessExecuteRequest.${field}: string, required`, { given: { schema: 'StatelessExecuteRequest', field }, want: req(t('string')) }]),
  ['(facts) StatelessExecuteRequest.params: object keyed by need key of {mode, value}', { given: { schema: 'StatelessExecuteRequest', field: 'params' }, want: opt(t('object', { values: ref('ActionParam') })) }],
  ['(facts) StatelessExecuteRequest.action_type: ActionType', { given: { schema: 'StatelessExecuteRequest', field: 'action_type' }, want: opt(ref('ActionType')) }],
  ['(facts) StatelessExecuteRequest.authentication_id: integer|null', { given: { schema: 'StatelessExecuteRequest', field: 'authentication_id' }, want: opt(orNull(t('integer'))) }],
  ['(facts) StatelessExecuteRequest.account_id: integer|null', { given: { schema: 'StatelessExecuteRequest', field: 'account_id' }, want: opt(orNull(t('integer'))) }],
  ['ExecuteRequest: not shown; (facts) instructions, params', { given: { schema: 'ExecuteRequest' }, want: notShown(['instructions', 'params']) }],
  ['(facts) ExecuteRequest.instructions: string', { given: { schema: 'ExecuteRequest', field: 'instructions' }, want: opt(t('string')) }],
  ['(facts) ExecuteRequest.params: object', { given: { schema: 'ExecuteRequest', field: 'params' }, want: opt(t('object', { values: ref('ActionParam') })) }],
  ['ExecuteResponse: not shown; (facts) its fields', { given: { schema: 'ExecuteResponse' }, want: notShown(['execution_log_id', 'action_used', 'input_params', 'resolved_params', 'results', 'full_results', 'result_field_labels', 'status', 'error']) }],
  ['(facts) ExecuteResponse.execution_log_id: string', { given: { schema: 'ExecuteResponse', field: 'execution_log_id' }, want: opt(t('string')) }],
  ['(facts) ExecuteResponse.action_used: string', { given: { schema: 'ExecuteResponse', field: 'action_used' }, want: opt(t('string')) }],
  ['(facts) ExecuteResponse.input_params: object', { given: { schema: 'ExecuteResponse', field: 'input_params' }, want: opt(t('object')) }],
  ['(facts) ExecuteResponse.resolved_params: object', { given: { schema: 'ExecuteResponse', field: 'resolved_params' }, want: opt(t('object')) }],
  ['(facts) ExecuteResponse.results: array of objects', { given: { schema: 'ExecuteResponse', field: 'results' }, want: opt(arrayOf(t('object'))) }],
  ['(facts) ExecuteResponse.full_results: array (deprecated)', { given: { schema: 'ExecuteResponse', field: 'full_results' }, want: opt(t('array', { deprecated: true })) }],
  ['(facts) ExecuteResponse.result_field_labels: object of string to string', { given: { schema: 'ExecuteResponse', field: 'result_field_labels' }, want: opt(t('object', { values: t('string') })) }],
  ['(facts) ExecuteResponse.status: success, error, empty, preview', { given: { schema: 'ExecuteResponse', field: 'status' }, want: opt(t('string', { enum: ['success', 'error', 'empty', 'preview'] })) }],
  ['(facts) ExecuteResponse.error: string|null', { given: { schema: 'ExecuteResponse', field: 'error' }, want: opt(orNull(t('string'))) }],
  ['ErrorResponse: not shown; (facts) error string, v2 clients also read detail', { given: { schema: 'ErrorResponse' }, want: notShown(['error', 'detail']) }],
  ['(facts) ErrorResponse.error: string', { given: { schema: 'ErrorResponse', field: 'error' }, want: opt(t('string')) }],
  ['(facts) ErrorResponse.detail: type not documented', { given: { schema: 'ErrorResponse', field: 'detail' }, want: opt(t(undefined)) }],
  ['CreateAiActionRequest: not shown; (facts) app, action, action_type, params, meta', { given: { schema: 'CreateAiActionRequest' }, want: notShown(['app', 'action', 'action_type', 'params', 'meta']) }],
  ['(facts) CreateAiActionRequest.meta: {params, app_label, action_label, authentication_label, app_needs_auth}', { given: { schema: 'AiActionMeta' }, want: notShown(['params', 'app_label', 'action_label', 'authentication_label', 'app_needs_auth']) }],
  ...['app_label', 'action_label', 'authentication_label'].map((field): Row => [`(facts) meta.${field}: string`, { given: { schema: 'AiActionMeta', field }, want: opt(t('string')) }]),
  ['(facts) meta.app_needs_auth: boolean', { given: { schema: 'AiActionMeta', field: 'app_needs_auth' }, want: opt(t('boolean')) }],
  ['AiActionResponse: not shown; (facts) the request fields plus id, description, account_id, authentication_id, needs', { given: { schema: 'AiActionResponse' }, want: notShown(['app', 'action', 'action_type', 'params', 'meta', 'id', 'description', 'account_id', 'authentication_id', 'needs']) }],
  ['(facts) AiActionResponse.id: uuid string', { given: { schema: 'AiActionResponse', field: 'id' }, want: opt(t('string', { format: 'uuid' })) }],
  ['(facts) AiActionResponse.needs: array of NeedT', { given: { schema: 'AiActionResponse', field: 'needs' }, want: opt(arrayOf(ref('NeedT'))) }],
  ['ExposedActionResponseSchema: not shown; (facts) results, configuration_link', { given: { schema: 'ExposedActionResponseSchema' }, want: notShown(['results', 'configuration_link']) }],
  ['(facts) ExposedActionResponseSchema.results: array of AiActionResponse', { given: { schema: 'ExposedActionResponseSchema', field: 'results' }, want: opt(arrayOf(ref('AiActionResponse'))) }],
  ['(facts) ExposedActionResponseSchema.configuration_link: string', { given: { schema: 'ExposedActionResponseSchema', field: 'configuration_link' }, want: opt(t('string')) }],
  ['GuessActionsSchema: query, action_types, count; other fields not shown', { given: { schema: 'GuessActionsSchema' }, want: notShown(['query', 'action_types', 'count']) }],
  ['GuessActionsSchema.query: default empty string', { given: { schema: 'GuessActionsSchema', field: 'query' }, want: opt(t('string', { default: '' })) }],
  ['GuessActionsSchema.action_types: default [write, search, read]', { given: { schema: 'GuessActionsSchema', field: 'action_types' }, want: opt(arrayOf(actionType, { default: ['write', 'search', 'read'] })) }],
  ['GuessActionsSchema.count: default 25', { given: { schema: 'GuessActionsSchema', field: 'count' }, want: opt(t('integer', { default: 25 })) }],
  ['GuessResultSchema: not shown; (facts) app, action, action_type, name, description, image, score', { given: { schema: 'GuessResultSchema' }, want: notShown(['app', 'action', 'action_type', 'name', 'description', 'image', 'score']) }],
  ['(facts) GuessResultSchema.score: number', { given: { schema: 'GuessResultSchema', field: 'score' }, want: opt(t('number')) }],
  ...['UnfurlAppListResponse', 'AppAuthResponseSchema', 'UnfurlUrlRequestSchema', 'UnfurlUrlResponseSchema', 'UnfurlError', 'UnfurlNoAuthFoundError'].map((schema): Row => [`${schema}: fields not shown`, { given: { schema }, want: notShown([]) }]),
  ['ResultToShrink: not shown beyond its default {result: {}, result_field_labels: {}}', { given: { schema: 'ResultToShrink' }, want: notShown(['result', 'result_field_labels'], { default: { result: {}, result_field_labels: {} } }) }],
  ['ShrinkResultResult: not shown; (facts) shrunken_result', { given: { schema: 'ShrinkResultResult' }, want: notShown(['shrunken_result']) }],
];

describe('spec/actions-v2 covers the Action Automation API v2 document', () => {
  describe.each([
    ['service, servers and security schemes', serviceRows],
    ['operations', operationRows],
    ['parameters of each operation', parameterListRows],
    ['parameters', parameterRows],
    ['request bodies', bodyRows],
    ['responses', responseRows],
    ['rules, limits and stability', ruleRows],
    ['resources and their fields', schemaRows],
    ['payloads the document does not show', notShownRows],
  ] as const)('%s', (_, rows) => {
    it.each(rows)('%s', (_fact, { given, want }) => {
      expect(resolveFact({ document, given })).toEqual(want);
    });
  });

  it('has exactly the 26 documented endpoints (METHOD path)', () => {
    expect(documentedOperations).toHaveLength(26);
    expect(operationKeys(document)).toEqual([...documentedOperations].sort());
  });

  it('lists both security schemes as alternatives on every operation', () => {
    for (const key of operationKeys(document)) {
      expect(resolveFact({ document, given: { operation: key } }), key).toMatchObject({ security });
    }
  });

  it('requires only what the document states, in every component schema', () => {
    const schemas = document.components.schemas as Json;
    expect(Object.keys(schemas).sort()).toEqual(Object.keys(documentedRequired).sort());
    for (const [name, schema] of Object.entries(schemas)) {
      expect([...(deref(document, schema).required ?? [])].sort(), name).toEqual([...documentedRequired[name]!].sort());
    }
  });

  it('describes every field typed from public documentation as such, and keeps those objects open', () => {
    const fromFacts = notShownRows.flatMap(([fact, { given }]) => (fact.startsWith('(facts)') && 'field' in given ? [given] : []));
    expect(fromFacts.length).toBeGreaterThan(0);
    for (const { schema, field } of fromFacts) {
      const node = deref(document, document.components.schemas[schema]);
      expect(node.additionalProperties, schema).toBe(true);
      expect(node.properties[field].description, `${schema}.${field}`).toMatch(/^From public documentation/);
    }
  });
});
