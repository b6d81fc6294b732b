import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const CLASS = /m_[0-9a-f]{8}/g;

/** Mantine's class names, each with the per-component stylesheet that styles it. */
function mantineStylesheets(): Map<string, string> {
  const dir = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
  const byClass = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))) {
    for (const name of readFileSync(join(dir, file), 'utf8').match(CLASS) ?? []) if (!byClass.has(name)) byClass.set(name, file);
  }
  return byClass;
}

/**
 * The console imports Mantine's styles component by component (src/app/mantine-styles.ts). This
 * stops the build when the bundle uses a Mantine class whose stylesheet is missing, naming the
 * import to add, so a newly used component never renders unstyled.
 */
export function mantineStylesCheck(): Plugin {
  return {
    name: 'mantine-styles-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const styled = new Set<string>();
      const used = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css'))
          for (const name of String(file.source).match(CLASS) ?? []) styled.add(name);
        if (file.type === 'chunk') for (const name of file.code.match(CLASS) ?? []) used.add(name);
      }
      const stylesheets = mantineStylesheets();
      const missing = new Set([...used].filter((name) => !styled.has(name)).flatMap((name) => stylesheets.get(name) ?? []));
      if (missing.size)
        this.error(
          `Mantine styles missing: add ${[...missing].map((f) => `import '@mantine/core/styles/${f}';`).join(' ')} to src/app/mantine-styles.ts`,
        );
    },
  };
}
