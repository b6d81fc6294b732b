import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** Vite's build manifest (`build.manifest: true`): one entry per chunk, keyed by its source. */
const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), isEntry: z.boolean().optional(), isDynamicEntry: z.boolean().optional(), imports: z.array(z.string()).optional(), css: z.array(z.string()).optional() }),
);
export type BuildManifest = z.infer<typeof manifestSchema>;

export const readBuildManifest = (outDir: string): BuildManifest => manifestSchema.parse(JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')));

/** Every file a chunk needs before it runs: itself, its static imports and their CSS, transitively. */
export function chunkClosure(manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) chunkClosure(manifest, imported, into);
  return into;
}

/** `src/routes/_authenticated/declarations/index.tsx?tsr-split=component` → `/_authenticated/declarations/index (component)`. */
export const routeLabel = (key: string): string => key.replace(/^src\/routes/, '').replace(/\.tsx\?tsr-split=(\w+)$/, ' ($1)');

/** The route-split chunks (TanStack Router's autoCodeSplitting), one per route part. */
export const routeChunks = (manifest: BuildManifest): string[] => Object.keys(manifest).filter((key) => key.startsWith('src/routes/')).sort();
