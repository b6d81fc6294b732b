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
 * error red (red.6) is 3.6:1, so red.9 for field errors and invalid values in every form. The
 * date pickers write their placeholder as real text (not ::placeholder), which gray.5 leaves at
 * 2.1:1, so placeholders are gray.7 too.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...lightVariantsReadableOnHover(),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

/**
 * Light and subtle buttons write shade 9 on shade 1, and on shade 2 while hovered: 4.0:1 for blue,
 * 3.8:1 for red (axe flags the button under the mouse). One shade lighter keeps both states at
 * 4.5:1 or more for these colours, and the hover still shows.
 */
const READABLE_ONE_SHADE_LIGHTER = ['blue', 'red', 'pink', 'grape', 'violet', 'indigo', 'cyan'];

function lightVariantsReadableOnHover(): Record<string, string> {
  return Object.fromEntries(
    READABLE_ONE_SHADE_LIGHTER.flatMap((color) => [
      [`--mantine-color-${color}-light`, `var(--mantine-color-${color}-0)`],
      [`--mantine-color-${color}-light-hover`, `var(--mantine-color-${color}-1)`],
    ]),
  );
}
