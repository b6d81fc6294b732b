import { createFileRoute, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { WriteRetryNotice } from '../components/retry-notice';
import { IdentifierFinder } from '../features/declarations/components/search/identifier-finder';
import { ConsoleShell } from '../features/shell/components/console-shell';
import { NotForYourRolePage } from '../features/shell/components/not-for-your-role-page';
import { mayOpenPage, sectionOf } from '../contract/console-pages';
import { connectLiveEvents } from '../lib/live-events';
import { refetchOnMissedEvents } from '../lib/refetch-on-missed-events';

/** Every console page needs a signed-in user; a signed-out visit goes to sign-in and comes back. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    const user = context.auth.user;
    if (!user) {
      // The start page (also where sign-out lands, with MSAL's state in the query) needs no return address.
      throw redirect({ to: '/sign-in', search: location.pathname === '/' ? {} : { redirect: location.href }, replace: true });
    }
    return { user };
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const { auth, config, user, queryClient } = Route.useRouteContext();
  const pathname = useLocation({ select: (l) => l.pathname });
  // A page the roles may not open is replaced before it renders (its loader checks the same table).
  const section = sectionOf(pathname);
  const page = section && !mayOpenPage(user.roles, pathname) ? <NotForYourRolePage section={section} roles={user.roles} /> : <Outlet />;
  // One live-events connection while signed in; features subscribe to it (subscribeLiveEvents).
  useEffect(() => connectLiveEvents({ getAccessToken: () => auth.getAccessToken() }), [auth]);
  // Events missed while the BFF's subscriptions were gone: refetch what is shown.
  useEffect(() => refetchOnMissedEvents(queryClient), [queryClient]);
  return (
    <ConsoleShell environment={config.environment} user={user} onSignOut={() => void auth.signOut()}>
      {page}
      <IdentifierFinder />
      <WriteRetryNotice />
    </ConsoleShell>
  );
}
