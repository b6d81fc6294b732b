import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js, each tried with a deliberate violation in a real file of
 * the tree (the text is linted in place of the file's own content; nothing is written).
 * Only the import rules run, without the type-aware program: that program can hand a rule the
 * file's text on disk instead of the text given, and the check then passed for the wrong reason.
 */
const IMPORT_RULES = new Set(['no-restricted-imports', 'boundaries/dependencies', 'import/no-cycle']);
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { project: false, projectService: false } } },
  ruleFilter: ({ ruleId }) => IMPORT_RULES.has(ruleId),
});

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('import rules', { timeout: 120_000 }, () => {
  it('keep Node built-ins out of browser code', async () => {
    expect(await rulesBroken('src/features/subscriptions/event-types.ts', "import 'node:fs';\n")).toEqual([expect.stringMatching(/^no-restricted-imports: .*Node built-ins/)]);
    expect(await rulesBroken('src/contract/problem.ts', "import 'path';\n")).toEqual([expect.stringMatching(/^no-restricted-imports: .*Node built-ins/)]);
  });

  it('keep server packages out of browser code', async () => {
    expect(await rulesBroken('src/lib/live-events.ts', "import 'pg';\n")).toEqual([expect.stringMatching(/^no-restricted-imports: .*server package/)]);
  });

  it('let the servers use Node built-ins', async () => {
    expect(await rulesBroken('src/bff/config.ts', "import 'node:fs';\n")).toEqual([]);
  });

  it('refuse an import cycle', async () => {
    // header-form.ts (on disk) imports header-fields.ts: header-fields importing header-form closes a cycle.
    const file = 'src/features/declarations/detail/header-fields.ts';
    expect(await rulesBroken(file, "import { headerErrorMapping } from './header-form';\nexport const MAPPING = headerErrorMapping;\n")).toEqual([
      expect.stringMatching(/^import\/no-cycle: Dependency cycle detected/),
    ]);
    expect(await rulesBroken(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('keep features from importing each other', async () => {
    expect(await rulesBroken('src/features/subscriptions/event-types.ts', "export { NAV_ITEMS } from '../shell/nav-items';\n")).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: feature must not import feature/),
    ]);
  });
});
