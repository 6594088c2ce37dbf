/**
 * The pages of the browser test, served from the app origin. They load the generated packages and
 * the runtime as plain ES modules (an import map points the bare names at their `dist` folders)
 * and talk to the mocks on their own origins, as a single-page app does.
 */

import { readFileSync } from 'node:fs';
import { browserDependencyImports } from '../../../../packages/runtime/test/support/module-imports.js';

/** Every entry point the runtime exports (`.`, `./browser`, `./rules`, ...), served from its `dist`. */
const runtimeExports = (
  JSON.parse(
    readFileSync(new URL('../../../../packages/runtime/package.json', import.meta.url), 'utf8'),
  ) as {
    exports: Record<string, { default: string }>;
  }
).exports;
const runtimeImports = Object.fromEntries(
  Object.entries(runtimeExports).map(([subpath, target]) => [
    `@zapgen/runtime${subpath.slice(1)}`,
    `/modules/runtime/${target.default.replace(/^\.\/dist\//, '')}`,
  ]),
);

const importMap = JSON.stringify({
  imports: {
    ...runtimeImports,
    '@zapgen/actions-v2': '/modules/actions-v2/index.js',
    '@zapgen/partner-v1': '/modules/partner-v1/index.js',
    'openapi-fetch': '/modules/openapi-fetch/index.mjs',
    ...browserDependencyImports('/modules'),
  },
});

function page(script: string, body = ''): string {
  return `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <script type="importmap">${importMap}</script>
    <script type="module">
      const mockUrl = new URLSearchParams(location.search).get('mock') ?? JSON.parse(sessionStorage.getItem('mockUrl') ?? 'null');
      const report = (value) => { window.result = value; document.body.dataset.done = 'true'; };
      const failure = (error) => report({ error: error.name, message: error.message });
      ${script}
      window.ready = true;
    </script>
  </head>
  <body>${body}</body>
</html>`;
}

/** Starts the authorization code flow with PKCE through the login link of actions-v2. */
export const pkcePage = page(
  `import { createClient, oauthFlows } from '@zapgen/actions-v2';
      import { startAuthorizationCode } from '@zapgen/runtime';
      document.getElementById('signup').addEventListener('click', async () => {
        try {
          const flow = oauthFlows.AccessPointOAuth.authorizationCode;
          // The mock serves the flow's URLs at the same paths on its own origin.
          const authorizationUrl = new URL(new URL(flow.authorizationUrl).pathname, mockUrl).href;
          const start = await startAuthorizationCode({ authorizationUrl, clientId: 'mock-client-id', redirectUri: location.origin + '/pkce-callback.html', scopes: Object.keys(flow.scopes), state: true });
          sessionStorage.setItem('mockUrl', JSON.stringify(mockUrl));
          sessionStorage.setItem('pkce', JSON.stringify({ codeVerifier: start.codeVerifier, state: start.state }));
          const client = createClient({ baseUrl: mockUrl, apiKey: 'mock-api-key' });
          const { login_link } = await client.getLoginLink({ query: { sign_up_first_name: 'Ada', sign_up_last_name: 'Lovelace', sign_up_email: 'ada@example.com', redirect_to: start.authorizeUrl } });
          location.href = login_link;
        } catch (error) { failure(error); }
      });`,
  '<button id="signup">Sign up</button>',
);

/** The redirect_uri of the PKCE flow: exchanges the code, then calls the API with the token. */
export const pkceCallbackPage = page(
  `import { createClient, oauthFlows } from '@zapgen/actions-v2';
      import { exchangeAuthorizationCode, parseAuthorizationCodeRedirect } from '@zapgen/runtime';
      try {
        const saved = JSON.parse(sessionStorage.getItem('pkce'));
        const flow = oauthFlows.AccessPointOAuth.authorizationCode;
        const { code } = parseAuthorizationCodeRedirect({ url: location.href, expectedState: saved.state });
        const token = await exchangeAuthorizationCode({
          tokenUrl: new URL(new URL(flow.tokenUrl).pathname, mockUrl).href,
          clientId: 'mock-client-id',
          code,
          codeVerifier: saved.codeVerifier,
          redirectUri: location.origin + '/pkce-callback.html',
        });
        const client = createClient({ baseUrl: mockUrl, accessToken: token.accessToken, validation: { response: 'strict' } });
        const me = await client.checkAuth();
        const created = await client.createAiAction({ body: { app: 'slack', action: 'send' } });
        report({ scopes: token.scopes, me, stored: (await client.getAiAction({ path: { ai_action_id: created.id } })).id === created.id });
      } catch (error) { failure(error); }`,
);

/** Signs in to partner-v1 with the implicit grant in a popup, then lists the user's zaps. */
export const implicitPage = page(
  `import { authorizeInPopup, authorizeSilently } from '@zapgen/runtime/browser';
      import { createClient, oauthFlows } from '@zapgen/partner-v1';
      const options = () => ({
        authorizationUrl: new URL(new URL(oauthFlows.PartnerOAuth.implicit.authorizationUrl).pathname, mockUrl).href,
        clientId: 'mock-client-id',
        redirectUri: location.origin + '/implicit-callback.html',
        scopes: ['zap'],
        closedCheckMs: 50,
      });
      async function use(token) {
        const client = createClient({ baseUrl: mockUrl, clientId: 'mock-client-id', accessToken: token.accessToken, validation: { response: 'strict' } });
        const zaps = await client.listZaps({ query: { app: 'slack', params: { channel: 'C1' } } });
        const templates = await client.listMyZapTemplates().then(() => 200, (error) => error.status);
        return { token, zaps: zaps.objects.map((zap) => zap.id), templates };
      }
      document.getElementById('signin').addEventListener('click', () => {
        authorizeInPopup({ ...options(), approvalPrompt: 'force' }).then(use).then(report, failure);
      });
      window.silent = () => authorizeSilently({ ...options(), timeoutMs: 5000 }).then(use);`,
  '<button id="signin">Sign in</button>',
);

/** The redirect_uri of the implicit grant: hands the redirect to the opener (or parent frame). */
export const implicitCallbackPage = page(
  `import { completeAuthorizationRedirect } from '@zapgen/runtime/browser';
      completeAuthorizationRedirect();`,
  'Signing you in…',
);
