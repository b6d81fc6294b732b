import { notifications } from '@mantine/notifications';
import { createFileRoute, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { WriteRetryNotice } from '../components/retry-notice';
import { IdentifierFinder } from '../features/declarations/components/search/identifier-finder';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { ConsoleShell } from '../features/shell/components/console-shell';
import { NotForYourRolePage } from '../features/shell/components/not-for-your-role-page';
import { mayOpenPage, sectionOf } from '../contract/console-pages';
import { connectLiveEvents } from '../lib/live-events';
import { refetchOnMissedEvents } from '../lib/refetch-on-missed-events';
import { changeLanguage, loadNamespaces } from '../lib/i18n/i18n';
import type { Language } from '../lib/i18n/languages';
import { storedLanguage, storeLanguage } from '../lib/i18n/user-language';
import { saveLanguage, savedLanguage } from '../lib/i18n/language-preference';
import { ConsoleSessionContext } from '../lib/session/session-context';

/** Asked only when signing out would discard drafts: the dialog's code is not part of the first screen. */
const ConfirmDiscardModal = lazy(() => import('../components/confirm-discard-modal').then((m) => ({ default: m.ConfirmDiscardModal })));

/** Every console page needs a signed-in user; a signed-out visit goes to sign-in and comes back. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const user = context.auth.user;
    if (!user) {
      // The start page (also where sign-out lands, with MSAL's state in the query) needs no return address.
      throw redirect({ to: '/sign-in', search: location.pathname === '/' ? {} : { redirect: location.href }, replace: true });
    }
    // The same user keeps their session; another user in this tab gets a new one.
    const session = context.sessions.open({ tenantId: user.tenantId ?? '-', userId: user.id }, user.username);
    // The user's own language choice, if they made one (in this tab, else kept by the BFF), wins over the browser's preference.
    const chosen = storedLanguage(session.storage) ?? (await savedLanguage(context.queryClient));
    if (chosen) await changeLanguage(chosen);
    await loadNamespaces('shell');
    return { user, session };
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const { t } = useTranslation('shell');
  const { auth, config, user, queryClient, session, sessions } = Route.useRouteContext();
  const [confirmingSignOut, setConfirmingSignOut] = useState(0);
  const pathname = useLocation({ select: (l) => l.pathname });
  // A page the roles may not open is replaced before it renders (its loader checks the same table).
  const section = sectionOf(pathname);
  const page = section && !mayOpenPage(user.roles, pathname) ? <NotForYourRolePage section={section} roles={user.roles} /> : <Outlet />;
  // One live-events connection while signed in; features subscribe to it (subscribeLiveEvents).
  useEffect(() => connectLiveEvents({ getAccessToken: () => auth.getAccessToken() }), [auth]);
  // Events missed while the BFF's subscriptions were gone: refetch what is shown.
  useEffect(() => refetchOnMissedEvents(queryClient), [queryClient]);
  // Nothing of this user stays for the next one: stored work, caches and stores go before the redirect.
  const signOut = () => {
    setConfirmingSignOut(0);
    sessions.end();
    void auth.signOut();
  };
  const requestSignOut = () => {
    const drafts = session.unsentDraftCount();
    if (drafts > 0) setConfirmingSignOut(drafts);
    else signOut();
  };
  const keepLanguage = (language: Language) => {
    storeLanguage(session.storage, language);
    // In the background: the choice applies in this tab at once; only a failure to keep it is said.
    saveLanguage(queryClient, language).catch(() =>
      notifications.show({ color: 'red', title: t('language.notSaved'), message: t('language.notSavedDetail') }),
    );
  };
  return (
    <ConsoleSessionContext value={session}>
      <ConsoleShell
        environment={config.environment}
        user={user}
        onSignOut={requestSignOut}
        onLanguageChosen={keepLanguage}
        headerExtra={<NotificationBell />}
      >
        {page}
        <IdentifierFinder />
        <WriteRetryNotice />
      </ConsoleShell>
      {confirmingSignOut > 0 && (
        <Suspense>
          <ConfirmDiscardModal
            opened
            title={t('signOut.confirmTitle')}
            message={t('signOut.confirmMessage', { count: confirmingSignOut })}
            confirmLabel={t('signOut.confirm')}
            cancelLabel={t('signOut.cancel')}
            onConfirm={signOut}
            onCancel={() => setConfirmingSignOut(0)}
          />
        </Suspense>
      )}
    </ConsoleSessionContext>
  );
}
