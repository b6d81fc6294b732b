import type { Rolldown } from 'vite';

const MSAL = /[\\/]@azure[\\/]msal-/;
const SOURCE = /[\\/](?:src|node_modules)[\\/]/;
/** The bundler's own helpers (module runtime, Vite's preload helper): start-up code too, unless the bridge needs them. */
const BUNDLER_HELPER = /^\0(?:rolldown\/runtime|vite\/preload-helper)/;

/** Every module `start` imports statically, directly or not (barrels included, so a superset of what is bundled). */
function reachableFrom(start: string, graph: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const pending = [start];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * One chunk for the console's start-up code instead of the dozen small files Rolldown splits off
 * for modules the entry shares with lazy chunks: each file costs its response headers on the wire
 * (about 0.9 KB with the security headers) and compresses worse alone.
 *
 * Left out, so the bridge stays small and no two chunks import each other: what the sign-in
 * redirect bridge may need (its shared chunk) and the entry itself. MSAL is not start-up code (a
 * signed-in tab starts from its stored token, src/lib/auth/auth-session.ts): the build stops when
 * the entry imports it statically.
 */
export function consoleChunk({ entry, bridge }: { entry: string; bridge: string }): Rolldown.CodeSplittingGroup {
  let leftOut: Set<string> | undefined;
  const computeLeftOut = (graph: Rolldown.ChunkingContext): Set<string> => {
    const msal = [...reachableFrom(entry, graph)].find((id) => MSAL.test(id));
    if (msal)
      throw new Error(
        `MSAL is imported statically from the console's entry (${msal}): only src/lib/auth/msal-client.ts may import it, and only dynamically`,
      );
    return new Set([entry, ...reachableFrom(bridge, graph)]);
  };
  return {
    debugName: 'console',
    name: (id, graph) => ((leftOut ??= computeLeftOut(graph)).has(id) || !(SOURCE.test(id) || BUNDLER_HELPER.test(id)) ? null : 'console'),
    tags: ['$initial'],
    // Exactly the modules named: following their imports would pull in what is left out above.
    includeDependenciesRecursively: false,
  };
}
