import type { Language } from '../../../contract/user-preferences.js';
import { SIGN_IN_TEXTS } from './sign-in-texts.js';

/**
 * The issuer's own pages (sign-in, sign-out, errors): plain HTML with inline CSS, no web fonts
 * and no external assets, so they work offline and pass axe.
 */

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f1f3f5;line-height:1.5}
.env{background:#fd7e14;color:#1a1b1e;font-weight:700;text-align:center;padding:.4rem;letter-spacing:.03em}
main{max-width:24rem;margin:3rem auto;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:1.5rem 2rem 2rem}
h1{font-size:1.4rem;margin:0 0 .25rem}
p{margin:.25rem 0 1rem}
.muted{color:#495057;font-size:.9rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;font:inherit;padding:.5rem .6rem;border:1px solid #868e96;border-radius:4px}
input:focus,button:focus,.error:focus{outline:3px solid #1971c2;outline-offset:2px}
button{margin-top:1.5rem;width:100%;font:inherit;font-weight:600;padding:.6rem;border:0;border-radius:4px;background:#1864ab;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1864ab;border:1px solid #1864ab;margin-top:.75rem}
.error{border:1px solid #c92a2a;background:#fff5f5;color:#a51111;border-radius:4px;padding:.5rem .75rem;margin:1rem 0 0}
`;

/** The console's icon, inline: the issuer serves no files, and a browser asks for /favicon.ico otherwise (a 404 in its console). */
const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1864ab"/><path d="M8 10h16v3H8zm0 5h16v3H8zm0 5h10v3H8z" fill="#fff"/></svg>')}`;

function layout(title: string, body: string, script = '', language: Language = 'en'): string {
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Customs sandbox</title>
<link rel="icon" href="${FAVICON}">
<style>${STYLE}</style>
</head>
<body>
<div class="env" role="note">${escapeHtml(SIGN_IN_TEXTS[language].environment)}</div>
<main>
${body}
</main>
${script}
</body>
</html>`;
}

export interface SignInPageOptions {
  action: string;
  /** The page's language (page-language.ts); English by default. */
  language?: Language;
  username?: string;
  /** The demo credentials were wrong. */
  failed?: boolean;
  clientName?: string;
}

export function signInPage({
  action,
  language = 'en',
  username = '',
  failed = false,
  clientName = 'Customs Console',
}: SignInPageOptions): string {
  const t = SIGN_IN_TEXTS[language];
  // On an error, focus goes to the message (autofocus on a tabindex=-1 element), else to Username.
  const errorBlock = failed
    ? `<div id="sign-in-error" class="error" role="alert" tabindex="-1" autofocus>${escapeHtml(t.badCredentials)}</div>`
    : '<div id="sign-in-error" role="alert"></div>';
  return layout(
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
<p class="muted">${escapeHtml(t.to(clientName))}</p>
${errorBlock}
<form method="post" action="${escapeHtml(action)}" novalidate>
  <label for="username">${escapeHtml(t.username)}</label>
  <input id="username" name="username" autocomplete="username" required value="${escapeHtml(username)}"${failed ? '' : ' autofocus'}${failed ? ' aria-describedby="sign-in-error"' : ''}>
  <label for="password">${escapeHtml(t.password)}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${failed ? ' aria-describedby="sign-in-error"' : ''}>
  <button type="submit">${escapeHtml(t.submit)}</button>
</form>
<p class="muted" style="margin-top:1.5rem">${escapeHtml(t.demoUsers)}: <b>clerk</b>, <b>supervisor</b>, <b>analyst</b>, <b>supervisor2</b> (${escapeHtml(t.secondSupervisor)}). ${escapeHtml(t.passwordHint)}</p>`,
    '',
    language,
  );
}

/** oidc-provider's logout form (hidden xsrf field, id op.logoutForm) with our buttons; submits itself. */
export function signOutPage(form: string): string {
  return layout(
    'Sign out',
    `<h1>Signing you out…</h1>
<p>You asked to sign out of the Customs Console.</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="confirm-logout">Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
    // The user already chose "Sign out" in the console: confirm on their behalf (the buttons remain for no-script).
    `<script>document.getElementById('confirm-logout').click()</script>`,
  );
}

/** Shown when a sign-out named no console to return to. */
export function signedOutPage(consoleUrl: string | undefined): string {
  const back = consoleUrl
    ? `<p><a href="${escapeHtml(consoleUrl)}">Return to the Customs Console</a></p>`
    : '<p>You can close this window.</p>';
  return layout('Signed out', `<h1>You are signed out</h1>${back}`);
}

export function errorPage(details: Record<string, string>): string {
  const rows = Object.entries(details)
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('');
  return layout('Sign-in error', `<h1>Sign-in could not continue</h1><dl>${rows}</dl><p>Return to the console and try again.</p>`);
}
