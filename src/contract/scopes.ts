import { z } from 'zod';

/** The eleven scopes of the service (specification, Authentication 7). */
export const SCOPES = [
  'create:messages',
  'read:declarations',
  'create:subscriptions',
  'read:subscriptions',
  'delete:subscriptions',
  'create:wms',
  'read:wms',
  'read:documents',
  'read:classifications',
  'create:classifications',
  'delete:classifications',
] as const;

export const scopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof scopeSchema>;

export const JURISDICTIONS = ['EU', 'UK', 'US', 'CH'] as const;
export const jurisdictionSchema = z.enum(JURISDICTIONS);
export type Jurisdiction = z.infer<typeof jurisdictionSchema>;
