import { queryOptions, useQuery } from '@tanstack/react-query';
import { authorizationStatusSchema, splitSpaced, type AuthorizationStatus } from '../contract/authorization-status';
import type { Scope } from '../contract/scopes';
import { request } from './api-client';

/**
 * GET /v1/authorizationStatus once per session (staleTime Infinity): which scopes the console's
 * client application holds at the service, so an action it lacks a scope for is shown disabled
 * instead of failing with 403 after the click. Roles still decide what a person sees.
 */
export const scopeGateQueryOptions = () =>
  queryOptions({
    queryKey: ['authorization-status', 'scope-gate'] as const,
    queryFn: ({ signal }) => request('/v1/authorizationStatus', { schema: authorizationStatusSchema, signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export interface MissingScope {
  scope: Scope;
  /** The tenant(s) the client application acts for, space-separated. */
  tenant: string;
}

/** undefined when the scope is held, or while the status is unknown (the service stays the judge). */
export function missingScope(status: AuthorizationStatus | undefined, scope: Scope): MissingScope | undefined {
  if (!status) return undefined;
  return splitSpaced(status.scopes).includes(scope)
    ? undefined
    : { scope, tenant: splitSpaced(status.tenantIds).join(', ') || 'unknown tenant' };
}

/** The tooltip text of a control disabled for a missing scope. */
export const missingScopeText = (m: MissingScope): string =>
  `The console's client application lacks the scope ${m.scope} for tenant ${m.tenant}; ask the operator to grant it.`;

/** The scope the client application lacks for an action, read once per session. */
export function useMissingScope(scope: Scope): MissingScope | undefined {
  return missingScope(useQuery(scopeGateQueryOptions()).data, scope);
}
