import type { Plugin } from 'vite';

/**
 * Mantine components the first screen does not use, with the stylesheets each needs (its parts'
 * included, in Mantine's order). Their styles are not in src/app/mantine-styles.ts: a module that
 * imports one of them from '@mantine/core' gets its stylesheets imported with it, so they arrive
 * with the page or dialog that shows the component (about 5 KB of the first screen's CSS).
 */
const STYLES_ON_DEMAND: Readonly<Record<string, readonly string[]>> = {
  Card: ['Card.css'],
  Center: ['Center.css'],
  Code: ['Code.css'],
  DataList: ['DataList.css'],
  Divider: ['Divider.css'],
  Drawer: ['Drawer.css'],
  Fieldset: ['Fieldset.css'],
  List: ['List.css'],
  NumberInput: ['NumberInput.css'],
  PasswordInput: ['PasswordInput.css'],
  Radio: ['Radio.css', 'RadioIndicator.css', 'RadioCard.css'],
  SegmentedControl: ['FloatingIndicator.css', 'SegmentedControl.css'],
  Switch: ['Switch.css'],
  Tabs: ['Tabs.css'],
  ThemeIcon: ['ThemeIcon.css'],
  Timeline: ['Timeline.css'],
};

const NAMED_IMPORTS = /import\s*(type\s*)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;

/** The stylesheets on demand that a module's imports from Mantine need, in a stable order. */
function stylesheetsFor(code: string): string[] {
  const components = new Set<string>();
  for (const [, typeOnly, names = ''] of code.matchAll(NAMED_IMPORTS)) {
    if (typeOnly) continue;
    for (const name of names.split(',')) {
      const [imported = ''] = name.trim().split(/\s+as\s+/);
      if (!imported.startsWith('type ')) components.add(imported);
    }
  }
  return [...new Set([...components].sort().flatMap((c) => STYLES_ON_DEMAND[c] ?? []))];
}

const ON_DEMAND_SHEETS = new Set(Object.values(STYLES_ON_DEMAND).flat());

/**
 * The stylesheets on demand as one file, fetched with the first page or dialog that needs any of
 * them (about 5 KB), instead of a small file per component on each page.
 */
export const stylesOnDemandChunk = {
  debugName: 'mantine styles on demand',
  name: (id: string): string | null => {
    const sheet = /[\\/]@mantine[\\/]core[\\/]styles[\\/]([A-Za-z]+\.css)$/.exec(id)?.[1];
    return sheet && ON_DEMAND_SHEETS.has(sheet) ? 'mantine-styles' : null;
  },
};

/** Adds the imports of the stylesheets on demand to the console's own modules that use those components. */
export function mantineStylesOnDemand(): Plugin {
  return {
    name: 'mantine-styles-on-demand',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes('@mantine/')) return null;
      const sheets = stylesheetsFor(code);
      if (sheets.length === 0) return null;
      // Prepended on the first line so that the module's source map shifts by no line.
      return { code: sheets.map((s) => `import '@mantine/core/styles/${s}';`).join('') + code, map: null };
    },
  };
}
