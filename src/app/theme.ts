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

/**
 * WCAG AA (4.5:1) for small text on white: Mantine's "dimmed" grey is 3.3:1, so gray.7; its
 * error red (red.6) is 3.6:1, so red.9 for field errors and invalid values in every form.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
