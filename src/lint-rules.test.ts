import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The import and file-placement rules of eslint.config.js, each tried with a deliberate violation
 * in a file of the tree (the text is linted in place of the file's own content; nothing is written).
 * Only these rules run, without the type-aware program: that program can hand a rule the file's
 * text on disk instead of the text given, and the check then passed for the wrong reason.
 */
const IMPORT_RULES = new Set([
  'no-restricted-imports',
  'boundaries/dependencies',
  'import/no-cycle',
  'boundaries/no-unknown-files',
  'no-restricted-syntax',
]);
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { project: false, projectService: false } },
    // The cycle rule's shortcut groups files by their imports on disk, so it would miss a cycle that only
    // the given text closes; without it the rule follows the given text's imports (as it does in CI, on disk).
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }] },
  },
  ruleFilter: ({ ruleId }) => IMPORT_RULES.has(ruleId),
});

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('import rules', { timeout: 120_000 }, () => {
  it('keep Node built-ins out of browser code', async () => {
    expect(await rulesBroken('src/features/subscriptions/model/event-types.ts', "import 'node:fs';\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Node built-ins/),
    ]);
    expect(await rulesBroken('src/contract/problem.ts', "import 'path';\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Node built-ins/),
    ]);
  });

  it('keep server packages out of browser code', async () => {
    expect(await rulesBroken('src/lib/live-events.ts', "import 'pg';\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*server package/),
    ]);
  });

  it('let the servers use Node built-ins', async () => {
    expect(await rulesBroken('src/bff/config.ts', "import 'node:fs';\n")).toEqual([]);
  });

  it('refuse an import cycle', async () => {
    // number-text.ts (on disk) imports number-reading.ts: number-reading importing number-text closes a cycle.
    const file = 'src/lib/numbers/number-reading.ts';
    expect(await rulesBroken(file, "import { numberText } from './number-text';\nexport const TEXT = numberText;\n")).toEqual([
      expect.stringMatching(/^import\/no-cycle: Dependency cycle detected/),
    ]);
    expect(await rulesBroken(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('keep features from importing each other', async () => {
    expect(
      await rulesBroken('src/features/subscriptions/model/event-types.ts', "export { NAV_ITEMS } from '../../shell/model/nav-items';\n"),
    ).toEqual([expect.stringMatching(/^boundaries\/dependencies: feature must not import feature/)]);
  });

  it("let a feature's folders import each other", async () => {
    const code = "export { subscriptionKeys } from '../api/subscriptions.queries';\nexport { meaningOf } from '../model/event-types';\n";
    expect(await rulesBroken('src/features/subscriptions/components/subscriptions-table.tsx', code)).toEqual([]);
  });
});

describe('feature folder shape', { timeout: 120_000 }, () => {
  const NOT_IN_SHAPE = /^boundaries\/no-unknown-files: /;
  const WRONG_KIND = /^no-restricted-syntax: Feature files sit by kind/;

  it('fails a file outside api/, components/ and model/', async () => {
    expect(await rulesBroken('src/features/subscriptions/event-types.ts', 'export const A = 1;\n')).toEqual([
      expect.stringMatching(NOT_IN_SHAPE),
    ]);
    expect(await rulesBroken('src/features/classification/runs/run-status.ts', 'export const A = 1;\n')).toEqual([
      expect.stringMatching(NOT_IN_SHAPE),
    ]);
  });

  it('fails a file of the wrong kind for its folder', async () => {
    expect(await rulesBroken('src/features/subscriptions/model/coverage-matrix.tsx', 'export const A = 1;\n')).toEqual([
      expect.stringMatching(WRONG_KIND),
    ]);
    expect(await rulesBroken('src/features/subscriptions/components/coverage.ts', 'export const A = 1;\n')).toEqual([
      expect.stringMatching(WRONG_KIND),
    ]);
    expect(await rulesBroken('src/features/subscriptions/model/subscriptions.queries.ts', 'export const A = 1;\n')).toEqual([
      expect.stringMatching(WRONG_KIND),
    ]);
  });

  it('passes files in their folders, in areas, and tests beside them', async () => {
    for (const file of [
      'src/features/subscriptions/api/subscriptions.queries.ts',
      'src/features/subscriptions/components/coverage-matrix.tsx',
      'src/features/subscriptions/components/coverage-matrix.test.ts',
      'src/features/subscriptions/model/event-types.ts',
      'src/features/classification/model/runs/run-status.ts',
      'src/features/classification/model/runs/run-status.test.ts',
      'src/features/ingestion/api/history/ingest-history.queries.ts',
    ]) {
      expect({ file, broken: await rulesBroken(file, 'export const A = 1;\n') }).toEqual({ file, broken: [] });
    }
  });
});
