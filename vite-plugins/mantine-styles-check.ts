import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

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

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

/** `chunk` and the chunks it imports statically, transitively: what loads when it is imported. */
function closureOf(chunk: Chunk, bundle: Bundle, into = new Map<string, Chunk>()): Map<string, Chunk> {
  if (into.has(chunk.fileName)) return into;
  into.set(chunk.fileName, chunk);
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type === 'chunk') closureOf(imported, bundle, into);
  }
  return into;
}

const cssOf = (chunks: Iterable<Chunk>): string[] => [...chunks].flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);

/**
 * The console imports Mantine's styles component by component: the first screen's in
 * src/app/mantine-styles.ts, the others with the modules that use them
 * (vite-plugins/mantine-styles-on-demand.ts). This stops the build when an entry or a lazily
 * loaded chunk brings code using a Mantine class that no stylesheet loaded with it (or with the
 * entry) styles, naming the chunk and the stylesheet, so no component ever renders unstyled.
 */
export function mantineStylesCheck(): Plugin {
  return {
    name: 'mantine-styles-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const classesOf = new Map<string, Set<string>>();
      for (const file of Object.values(bundle))
        if (file.type === 'asset' && file.fileName.endsWith('.css'))
          classesOf.set(file.fileName, new Set(String(file.source).match(CLASS) ?? []));
      const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
      const alwaysLoaded = cssOf(chunks.filter((c) => c.isEntry).flatMap((c) => [...closureOf(c, bundle).values()]));
      const stylesheets = mantineStylesheets();
      const problems: string[] = [];
      // Each entry and each lazily imported chunk, with what it brings: its classes need a stylesheet in the page by then.
      for (const chunk of chunks.filter((c) => c.isEntry || c.isDynamicEntry)) {
        const loaded = [...closureOf(chunk, bundle).values()];
        const styled = new Set([...alwaysLoaded, ...cssOf(loaded)].flatMap((css) => [...(classesOf.get(css) ?? [])]));
        const used = loaded.flatMap((c) => c.code.match(CLASS) ?? []);
        const missing = new Set(used.filter((name) => !styled.has(name)).flatMap((name) => stylesheets.get(name) ?? []));
        if (missing.size) problems.push(`${chunk.fileName} needs ${[...missing].join(', ')}`);
      }
      if (problems.length)
        this.error(
          `Mantine styles missing: ${problems.join('; ')}. Add the component to STYLES_ON_DEMAND (vite-plugins/mantine-styles-on-demand.ts) or the stylesheet to src/app/mantine-styles.ts`,
        );
    },
  };
}
