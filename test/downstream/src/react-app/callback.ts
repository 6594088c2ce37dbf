/** The OAuth redirect page: hands the implicit grant's redirect to the application's window. */
import { completeAuthorizationRedirect } from '@zapgen/runtime/browser';

completeAuthorizationRedirect();
