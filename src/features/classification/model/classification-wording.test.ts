import { describe, expect, it } from 'vitest';
import { startClassificationSchema } from '../../../contract/classification';
import { changeLanguage, i18n, loadNamespaces, startI18n } from '../../../lib/i18n/i18n';
import { createItemFormSchema, itemServerErrors } from './create/create-item-form';
import { fileProblem } from './item/image-files';
import { fileProblemText, scoreText, validationText } from './classification-wording';
import { ApiError } from '../../../lib/api-client';

/** The contract's own messages for a faulty item and run (the sandbox answers with the same ones); zod's are in the language already. */
function contractMessages(): string[] {
  const item = createItemFormSchema.safeParse({
    externalReference: ' ',
    description: 'x'.repeat(5000),
    origin: 'XX',
    assignedClassifications: [
      { jurisdiction: 'EU', code: '12' },
      { jurisdiction: 'EU', code: '42022100' },
    ],
  });
  const run = startClassificationSchema.safeParse({ jurisdiction: 'US', code: '12' });
  return [...(item.error?.issues ?? []), ...(run.error?.issues ?? [])].map((i) => i.message);
}

const referenceTaken = (): string => itemServerErrors(new ApiError({ status: 409, message: 'Conflict' }))['externalReference']?.[0] ?? '';

// One translation state for the console, so these run in order on it.
describe('the classification pages’ wording', () => {
  it('shows the contract’s messages unchanged in English', async () => {
    await startI18n('en');
    await loadNamespaces('classification');
    const t = i18n.getFixedT('en', 'classification');
    const messages = [...contractMessages(), referenceTaken()];
    expect(messages.length).toBeGreaterThanOrEqual(6);
    for (const message of messages) expect(validationText(message, t)).toBe(message);
    expect(validationText(undefined, t)).toBeUndefined();
    expect(scoreText(8.1)).toBe('8.1');
    expect(scoreText(7)).toBe('7.0');
    expect(scoreText(null)).toBe('—');
    const tooLarge = fileProblem({ name: 'scan.pdf', type: 'application/pdf', size: 12.5 * 1024 * 1024 });
    expect(tooLarge && fileProblemText(tooLarge, t)).toBe('scan.pdf: larger than 10 MB (12.5 MB).');
  });

  it.each(['nl', 'fr', 'de'] as const)('translates every message of the forms in %s, numbers in its format', async (language) => {
    await changeLanguage(language);
    await loadNamespaces('classification');
    const t = i18n.getFixedT(language, 'classification');
    for (const message of [...contractMessages(), referenceTaken()]) expect(validationText(message, t), message).not.toBe(message);
    expect(validationText('US codes have 10 digits (HTS; 8 accepted).', t)).toContain('HTS');
    expect(scoreText(8.1)).toBe('8,1');
    const empty = fileProblem({ name: 'a.png', type: 'image/png', size: 0 });
    expect(empty && fileProblemText(empty, t)).toMatch(/^a\.png/);
    await changeLanguage('en');
  });
});
