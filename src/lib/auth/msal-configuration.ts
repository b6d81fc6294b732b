import { BrowserCacheLocation, LogLevel, ProtocolMode, type Configuration } from '@azure/msal-browser';
import type { ConsoleConfig } from '../../contract/console-config';

/**
 * The one place that shapes MSAL's configuration. For the sandbox's issuer this is set-up B of
 * docs/local-sign-in.md: an https:// authority string MSAL never contacts (it refuses http
 * authorities), knownAuthorities, OIDC protocol mode and the provider metadata inline, so MSAL
 * does no discovery. A Playwright journey signs in through it, so an MSAL upgrade that breaks
 * this is caught at once.
 */
export function msalConfiguration(auth: ConsoleConfig['auth'], origin: string): Configuration {
  return {
    auth: {
      clientId: auth.clientId,
      authority: auth.authority,
      knownAuthorities: auth.knownAuthorities,
      ...(auth.authorityMetadata ? { authorityMetadata: auth.authorityMetadata } : {}),
      // MSAL 5 returns responses through a redirect bridge page (redirect.html).
      redirectUri: `${origin}${auth.redirectPath}`,
      postLogoutRedirectUri: `${origin}/`,
    },
    // Per tab, cleared with the tab: tokens do not outlive the browser session.
    cache: { cacheLocation: BrowserCacheLocation.SessionStorage },
    system: {
      protocolMode: auth.protocolMode === 'OIDC' ? ProtocolMode.OIDC : ProtocolMode.AAD,
      loggerOptions: {
        logLevel: LogLevel.Warning,
        piiLoggingEnabled: false,
        loggerCallback: (level, message) => {
          if (level === LogLevel.Error) console.error(message);
          else if (level === LogLevel.Warning) console.warn(message);
        },
      },
    },
  };
}
