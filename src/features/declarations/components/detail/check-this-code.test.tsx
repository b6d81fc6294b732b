import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../../lib/i18n/i18n';
import type { Role } from '../../../../contract/user-claims';
import { scopeGateQueryOptions } from '../../../../lib/scope-gate';
import { renderWithMantine } from '../../../../lib/test-support/render-with-mantine';
import { CheckThisCode } from './check-this-code';

// The page's catalog, loaded as its route does before it renders.
beforeAll(() => loadNamespaces('declaration', 'classificationShared'));

/** The tenant's scopes as read once per session (GET /v1/authorizationStatus). */
function withScopes(scopes: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(scopeGateQueryOptions().queryKey, { sourceSysRef: 'CONSOLE', tenantIds: 't-acc-001', scopes });
  return client;
}

function renderCheck(roles: readonly Role[], scopes = 'read:declarations create:classifications') {
  renderWithMantine(
    <QueryClientProvider client={withScopes(scopes)}>
      <CheckThisCode
        declarationId="d-1"
        sequenceNumber={1}
        jurisdiction="EU"
        code="61091000"
        description="Cotton T-shirts, knitted"
        roles={roles}
        onUse={undefined}
      />
    </QueryClientProvider>,
  );
}

describe('Check this code on a goods item', () => {
  it('is offered to a clerk, with the credit it costs shown before the click', () => {
    renderCheck(['clerk']);
    const region = screen.getByRole('region', { name: 'Check this code' });
    expect(region.textContent).toContain('This run uses 1 credit');
    expect(screen.getByRole('button', { name: 'Check this code (1 credit)' }).getAttribute('aria-disabled')).toBeNull();
    // A clerk does not read classification items: no link to one is promised.
    expect(screen.queryByRole('link', { name: 'Open the classification item' })).toBeNull();
  });

  it.each([['supervisor'], ['analyst']] as const)('is offered to a %s too', (role) => {
    renderCheck([role]);
    expect(screen.getByRole('button', { name: 'Check this code (1 credit)' })).toBeTruthy();
  });

  it('is not offered to a user without one of those roles', () => {
    renderCheck([]);
    expect(screen.queryByRole('region', { name: 'Check this code' })).toBeNull();
  });

  it('is disabled, saying why, when the tenant lacks create:classifications', () => {
    renderCheck(['clerk'], 'read:declarations read:classifications');
    const button = screen.getByRole('button', { name: /^Check this code \(1 credit\)/ });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.textContent).toContain('lacks the scope create:classifications');
  });
});
