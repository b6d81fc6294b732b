import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { configureApiClient } from '../lib/api-client';
import { AuthSession } from '../lib/auth/auth-session';
import { browserStorage } from '../lib/draft-storage';
import { startI18n } from '../lib/i18n/i18n';
import { browserLanguage } from '../lib/i18n/user-language';
import { followZodMessagesOnFirstField } from '../lib/i18n/zod-messages';
import { ConsoleSessions } from '../lib/session/console-sessions';
import { loadConsoleConfig } from './load-config';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { StartupError } from './startup-error';

/**
 * The browser's language (English is bundled and needs no download, so it is the fallback if a
 * catalog cannot be fetched), configuration, then MSAL when needed (completing a sign-in redirect;
 * its chunk downloads meanwhile), then the router: in that order.
 */
export async function startConsole(root: Root): Promise<void> {
  try {
    AuthSession.prefetch();
    const [config] = await Promise.all([loadConsoleConfig(), startI18n(browserLanguage()).catch(() => startI18n('en'))]);
    const auth = await AuthSession.start(config);
    const queryClient = createQueryClient();
    const sessions = new ConsoleSessions(browserStorage(), () => queryClient.clear());
    const router = createAppRouter({ auth, config, queryClient, sessions });

    const toSignIn = () => {
      sessions.expire();
      const { href, pathname } = router.state.location;
      // Several token needs can notice the end of a session at once (live updates, the page's data):
      // the first one decides where the user returns to.
      if (pathname === '/sign-in') return;
      void router.navigate({ to: '/sign-in', search: { redirect: href, reason: 'expired' } });
    };
    auth.onExpired = toSignIn;
    followZodMessagesOnFirstField(document);
    configureApiClient({
      getAccessToken: () => auth.getAccessToken(),
      // The BFF refused the token: the session is over for this tab.
      onUnauthorized: () => {
        auth.expire();
      },
    });

    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  } catch (e) {
    root.render(<StartupError message={e instanceof Error ? e.message : String(e)} />);
  }
}
