import { readFile } from 'node:fs/promises';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import type { Catalog } from '../src/contract/catalog-messages';
import type { CompiledMessage } from '../src/lib/i18n/compiled-catalog';

/** The query that asks for a catalog's compiled form: `import.meta.glob('./locales/*\/*.json', { query: '?compiled' })`. */
// The dev server adds its own parameters (`?import&compiled`).
const COMPILED = /\/locales\/[^/]+\/[^/]+\.json\?(?:[^#]*&)?compiled(?:&|$)/;

/** The AST without source locations: they only serve error messages, and would ship in every catalog. */
export function compileMessage(message: string): CompiledMessage {
  // Tags (`<b>…</b>`, `<code>…</code>`) mark what a sentence emphasises; the component says how (rich() in use-translation.ts).
  // A `<` meant as text is written quoted: '<'.
  const ast = parse(message, { captureLocation: false, shouldParseSkeletons: true });
  const plain = ast.every((element) => element.type === TYPE.literal);
  return plain ? ast.map((element) => (element.type === TYPE.literal ? element.value : '')).join('') : ast;
}

/** A nested catalog as the flat `dotted.key → compiled message` the runtime reads. */
export function compileCatalog(catalog: Catalog, prefix = ''): Record<string, CompiledMessage> {
  const out: Record<string, CompiledMessage> = {};
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') out[prefix + key] = compileMessage(value);
    else Object.assign(out, compileCatalog(value, `${prefix}${key}.`));
  }
  return out;
}

function isCatalog(value: unknown): value is Catalog {
  return (
    typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string' || isCatalog(entry))
  );
}

/**
 * The console's catalogs are compiled at build time: the browser gets ASTs for intl-messageformat and
 * never the ICU parser (the build aliases it to its no-parser entry). The JSON files stay the source
 * translators edit; a `?compiled` import yields the compiled form as a module.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'compiled-catalogs',
    enforce: 'pre',
    async load(id) {
      if (!COMPILED.test(id)) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const catalog: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (!isCatalog(catalog)) throw new Error(`${file} is not a catalog of ICU messages`);
      // JSON.parse of a string literal: parsed faster than the same object written as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalog(catalog)))});`;
    },
  };
}
