import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

// MSAL 5 returns every sign-in response (redirect, popup, silent iframe) through this page.
broadcastResponseToMainFrame().catch((error: unknown) => {
  const p = document.querySelector('p');
  if (p) p.textContent = 'Sign-in could not be completed. Return to the console and try again.';
  console.error(error);
});
