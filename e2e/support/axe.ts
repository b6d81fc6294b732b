import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A/AA rules and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * The rules whose outcome a translation can change: names and labels (a message left empty or the
 * same for two landmarks), what is marked as which language, and regions that a longer text makes
 * scroll. Structure, roles and colours are the same in every language: the English walk checks them
 * on every page with all the rules.
 */
export const LANGUAGE_RULES = [
  'aria-command-name',
  'aria-dialog-name',
  'aria-input-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-toggle-field-name',
  'aria-tooltip-name',
  'aria-treeitem-name',
  'button-name',
  'document-title',
  'empty-heading',
  'empty-table-header',
  'frame-title',
  'frame-title-unique',
  'html-has-lang',
  'html-lang-valid',
  'html-xml-lang-mismatch',
  'image-alt',
  'image-redundant-alt',
  'input-button-name',
  'label',
  // Experimental in axe, so enabled only by name: a control's name must contain its visible text (WCAG 2.5.3),
  // which a translation breaks by moving words ("Abonnement für X anlegen" for "Abonnement anlegen…").
  'label-content-name-mismatch',
  'landmark-unique',
  'link-name',
  'role-img-alt',
  'scrollable-region-focusable',
  'select-name',
  'summary-name',
  'svg-img-alt',
  'table-duplicate-name',
  'valid-lang',
];

interface AxeScope {
  /** Only this part of the page (e.g. '[role="dialog"]'). */
  include?: string;
  /** Every violation fails, not only serious and critical ones (journeys that were already clean of all). */
  anyImpact?: boolean;
  /** Only these rules (e.g. LANGUAGE_RULES), instead of every WCAG A/AA rule and best practice. */
  rules?: readonly string[];
}

/**
 * The journeys' one accessibility check: axe finds no serious or critical violations on what the
 * user sees now (the page, or an open dialog, drawer or menu with the page behind it), once
 * transitions have settled (endless ones, such as a loader's, are not waited for).
 */
export async function expectAccessible(page: Page, what: string, { include, anyImpact = false, rules }: AxeScope = {}): Promise<void> {
  // Colours read mid-transition (a dialog fading in blends with the page) are not what the user reads.
  // A dialog, drawer or menu whose fade has not started yet counts too: it is shown once it is opaque.
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity) &&
      [...document.querySelectorAll('[role="dialog"], [role="menu"]')].every(
        (e) => !e.checkVisibility() || getComputedStyle(e).opacity === '1',
      ),
  );
  const axe = rules ? new AxeBuilder({ page }).withRules([...rules]) : new AxeBuilder({ page }).withTags(TAGS);
  const results = await (include ? axe.include(include) : axe).analyze();
  const blocking = anyImpact ? results.violations : results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const described = blocking.map(
    (v) =>
      `${v.id} (${v.impact ?? 'no impact'}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`,
  );
  expect(described, `axe on ${what}`).toEqual([]);
}
