import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A/AA rules and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeScope {
  /** Only this part of the page (e.g. '[role="dialog"]'). */
  include?: string;
  /** Every violation fails, not only serious and critical ones (journeys that were already clean of all). */
  anyImpact?: boolean;
}

/**
 * The journeys' one accessibility check: axe finds no serious or critical violations on what the
 * user sees now (the page, or an open dialog, drawer or menu with the page behind it), once
 * transitions have settled (endless ones, such as a loader's, are not waited for).
 */
export async function expectAccessible(page: Page, what: string, { include, anyImpact = false }: AxeScope = {}): Promise<void> {
  // Colours read mid-transition (a dialog fading in blends with the page) are not what the user reads.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const axe = new AxeBuilder({ page }).withTags(TAGS);
  const results = await (include ? axe.include(include) : axe).analyze();
  const blocking = anyImpact ? results.violations : results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const described = blocking.map(
    (v) =>
      `${v.id} (${v.impact ?? 'no impact'}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`,
  );
  expect(described, `axe on ${what}`).toEqual([]);
}
