import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces, startI18n } from '../../../../lib/i18n/i18n';
import { errorsSummary } from './errors-summary';

const error = (errorCode: string, message = `message of ${errorCode}`) => ({ errorCode, message, fieldReference: [] });

describe('errorsSummary', () => {
  beforeAll(async () => {
    await startI18n('en');
    await loadNamespaces('declarations');
  });
  const t = () => i18n.getFixedT('en', 'declarations');

  it('gives the count and the first code, and every code once on hover', () => {
    expect(errorsSummary([error('V101', 'LRN missing'), error('V202'), error('V101')], t())).toEqual({
      text: '3 · V101',
      title: '3 errors: V101, V202. First: LRN missing',
    });
    expect(errorsSummary([error('E12')], t()).text).toBe('1 · E12');
  });

  it('says there are errors when the service lists none yet', () => {
    expect(errorsSummary([], t()).text).toBe('Has errors');
  });
});
