import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** Vite's build manifest (`build.manifest: true`): one entry per chunk, keyed by its source. */
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    name: z.string().optional(),
    isEntry: z.boolean().optional(),
    isDynamicEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
export type BuildManifest = z.infer<typeof manifestSchema>;

export const readBuildManifest = (outDir: string): BuildManifest =>
  manifestSchema.parse(JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')));

/** Every file a chunk needs before it runs: itself, its static imports and their CSS, transitively. */
export function chunkClosure(manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) chunkClosure(manifest, imported, into);
  return into;
}

export interface RouteChunks {
  /** The route file, e.g. `_authenticated/declarations/index.tsx`. */
  route: string;
  /** Manifest keys of its split parts (TanStack Router's autoCodeSplitting), e.g. `...?tsr-split=component---loader`; none when it is part of the entry. */
  parts: { key: string; split: string }[];
}

/** Every route file under `routesDir` with the chunks the build split off it. */
export function routeChunks(manifest: BuildManifest, routesDir = 'src/routes'): RouteChunks[] {
  const files = readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => f.replaceAll('\\', '/'))
    .sort();
  return files.map((route) => ({
    route,
    parts: Object.keys(manifest)
      .filter((key) => key.startsWith(`${routesDir}/${route}?tsr-split=`))
      .map((key) => ({ key, split: key.slice(key.indexOf('?tsr-split=') + 11).replaceAll('---', '+') })),
  }));
}
