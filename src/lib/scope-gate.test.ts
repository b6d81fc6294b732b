import { describe, expect, it } from 'vitest';
import { missingScope, missingScopeText } from './scope-gate';

const status = (scopes: string) => ({ sourceSysRef: 'READER', tenantIds: 't-acc-001', scopes });

describe('missingScope', () => {
  it('names the scope and tenant the client application lacks', () => {
    const missing = missingScope(status('read:declarations read:wms'), 'create:messages');
    expect(missing).toEqual({ scope: 'create:messages', tenant: 't-acc-001' });
    expect(missingScopeText(missing!)).toContain('create:messages for tenant t-acc-001');
  });

  it('is nothing when the scope is held or the status is not known yet', () => {
    expect(missingScope(status('read:declarations create:messages'), 'create:messages')).toBeUndefined();
    expect(missingScope(undefined, 'create:messages')).toBeUndefined();
  });

  it('matches whole scopes only', () => {
    expect(missingScope(status('create:messages2'), 'create:messages')).toBeDefined();
  });
});
