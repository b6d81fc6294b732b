import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// System fonts only: no web fonts to download, and the CSP allows none from elsewhere.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  defaultRadius: 'sm',
  // Visible keyboard focus everywhere, not only on :focus-visible heuristics of each component.
  focusRing: 'auto',
});

/** Mantine's "dimmed" grey is 3.3:1 on white; gray.7 keeps secondary text readable (WCAG AA 4.5:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
