import type { SandboxFeature } from './context.js';

/** The sandbox's parts are listed in an order that breaks what one of them declares in `after`. */
export class FeatureOrderError extends Error {
  override name = 'FeatureOrderError';
}

/**
 * Checked at start-up (app.ts): every part is listed once, and after each part it names in
 * `after`, so a part never registers or seeds before what it relies on. Throws naming the part.
 */
export function checkFeatureOrder(features: readonly Pick<SandboxFeature, 'name' | 'after'>[]): void {
  const listed = new Set(features.map((f) => f.name));
  const registered = new Set<string>();
  for (const feature of features) {
    if (registered.has(feature.name)) throw new FeatureOrderError(`sandbox feature "${feature.name}" is listed twice`);
    for (const needed of feature.after ?? []) {
      if (!listed.has(needed))
        throw new FeatureOrderError(`sandbox feature "${feature.name}" needs "${needed}", which is not among the sandbox's features`);
      if (!registered.has(needed))
        throw new FeatureOrderError(
          `sandbox feature "${feature.name}" is listed before "${needed}"; it needs "${needed}" registered first`,
        );
    }
    registered.add(feature.name);
  }
}
