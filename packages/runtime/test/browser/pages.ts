/** The pages the browser tests load from the app origin. */

import { browserDependencyImports } from '../support/module-imports.js';

/** The runtime imports zod and eventsource-parser: their entry points are served from `/modules/`. */
const importMap = JSON.stringify({ imports: browserDependencyImports('/modules') });

/** The app: loads the browser helpers and the runtime as plain ES modules. */
export const appPage = `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <script type="importmap">${importMap}</script>
    <script type="module">
      import * as browserAuth from '/dist/browser/index.js';
      import * as zapgen from '/dist/index.js';
      window.browserAuth = browserAuth;
      window.zapgen = zapgen;
      document.getElementById('signin').addEventListener('click', () => {
        window.result = browserAuth.authorizeInPopup(window.popupOptions).then(
          (token) => ({ token }),
          (error) => ({ error: error.name, message: error.message }),
        );
      });
      window.ready = true;
    </script>
  </head>
  <body>
    <button id="signin">Sign in</button>
  </body>
</html>`;

/** The redirect_uri page: hands the redirect to the window that started the authorization. */
export const callbackPage = `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <script type="module">
      import { completeAuthorizationRedirect } from '/dist/browser/index.js';
      completeAuthorizationRedirect();
    </script>
  </head>
  <body>Signing you in…</body>
</html>`;

/** The stand-in consent screen; with `forge`, it first posts a forged token to its opener. */
export function consentPage(options: { approveUrl: string; forge?: string }): string {
  const forge = options.forge
    ? `<script>window.opener.postMessage({ type: 'zapgen:oauth-redirect', url: ${JSON.stringify(options.forge)} }, '*');</script>`
    : '';
  return `<!doctype html>
<html>
  <head><meta charset="utf-8" />${forge}</head>
  <body><a id="allow" href="${options.approveUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">Allow</a></body>
</html>`;
}
