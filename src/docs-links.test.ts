import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project documents itself: every relative link in its Markdown and every `docs/...`
 * reference in its code resolves, down to the cited section, and nothing cites a file outside
 * the repository.
 */
const ROOT = resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.data', '.git', 'test-results', 'playwright-report', 'coverage']);
const TEXT = /\.(md|ts|tsx|js|cjs|mjs|json|sh|css|html)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return TEXT.test(entry.name) ? [path] : [];
  });
}

const all = [...files(ROOT), join(ROOT, '.ci', 'run')];
const markdown = all.filter((f) => f.endsWith('.md'));
const read = (f: string): string => readFileSync(f, 'utf8');

/** Section numbers a docs page has: `## 3.` and `### 1.2` headings. */
function sectionsOf(page: string): Set<string> {
  return new Set([...read(join(ROOT, 'docs', page)).matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1] ?? ''));
}

describe('documentation references', () => {
  it('every relative link in the Markdown resolves to a file of the repository', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      for (const [, target = ''] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const path = resolve(dirname(file), decodeURI(target.split('#')[0] ?? ''));
        if (!existsSync(path) || !path.startsWith(ROOT)) broken.push(`${relative(ROOT, file)} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every docs/ page and section cited in code and text exists', () => {
    const sections = { 'architecture.md': sectionsOf('architecture.md'), 'service-facts.md': sectionsOf('service-facts.md') };
    const broken: string[] = [];
    for (const file of all) {
      const text = read(file);
      for (const [ref, page = ''] of text.matchAll(/docs\/([\w-]+\.md)/g))
        if (!existsSync(join(ROOT, 'docs', page))) broken.push(`${relative(ROOT, file)}: ${ref}`);
      for (const [ref, n = ''] of text.matchAll(/docs\/architecture\.md`? sections? (\d+)/g))
        if (!sections['architecture.md'].has(n)) broken.push(`${relative(ROOT, file)}: ${ref}`);
      for (const [ref, n = ''] of text.matchAll(/docs\/service-facts\.md`? (\d+(?:\.\d+)?)/g))
        if (!sections['service-facts.md'].has(n)) broken.push(`${relative(ROOT, file)}: ${ref}`);
    }
    expect(broken).toEqual([]);
  });

  it('nothing cites a file outside the repository', () => {
    const inDocs = (f: string): boolean => relative(ROOT, f).startsWith('docs/');
    const cites = (f: string): boolean =>
      /ARCHITECTURE\.md|\/work\/shared|\.\.\/shared\/|interface-specification\.md/.test(read(f)) ||
      (!inDocs(f) && /(?<!docs\/)service-facts\.md/.test(read(f)));
    const outside = all.filter((f) => cites(f) && !f.endsWith('docs-links.test.ts'));
    expect(outside.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
