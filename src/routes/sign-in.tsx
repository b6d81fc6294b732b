import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { SignInPage } from '../features/shell/components/sign-in-page';
import { safeReturnTo } from '../lib/auth/return-to';
import { i18n, loadNamespaces } from '../lib/i18n/i18n';
import { activeLanguageOf } from '../lib/i18n/languages';

const searchSchema = z.object({
  /** Where the user was going (path + query), restored after sign-in. */
  redirect: z.string().optional().catch(undefined),
  reason: z.enum(['expired']).optional().catch(undefined),
});

export const Route = createFileRoute('/sign-in')({
  validateSearch: searchSchema,
  beforeLoad: async ({ context, search }) => {
    if (context.auth.isSignedIn) throw redirect({ href: safeReturnTo(search.redirect), replace: true });
    await loadNamespaces('shell');
  },
  component: SignInRoute,
});

function SignInRoute() {
  const { auth, config } = Route.useRouteContext();
  const { redirect: target, reason } = Route.useSearch();
  return (
    <SignInPage
      environment={config.environment}
      reason={reason}
      error={auth.startupError}
      // The issuer's page in the language the sign-in page shows.
      onSignIn={() => auth.signIn(safeReturnTo(target), activeLanguageOf(i18n.language))}
    />
  );
}
