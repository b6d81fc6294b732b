import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { ConsoleShell } from '../features/shell/components/console-shell';

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
  const { auth, config, user } = Route.useRouteContext();
  return (
    <ConsoleShell environment={config.environment} user={user} onSignOut={() => void auth.signOut()}>
      <Outlet />
    </ConsoleShell>
  );
}
