import { SCOPES, type Jurisdiction, type Scope } from '../../contract/scopes.js';

/** Demo client applications of the sandbox (docs/architecture.md section 5, fixed). */
export interface DemoClient {
  clientId: string;
  clientSecret: string;
  tenantId: string;
  sourceSysRef: string;
  scopes: readonly Scope[];
}

const CLASSIFICATION_SCOPES: readonly Scope[] = ['read:classifications', 'create:classifications', 'delete:classifications'];

export const DEMO_CLIENTS: readonly DemoClient[] = [
  { clientId: 'console-acc', clientSecret: 'console-acc-secret', tenantId: 't-acc-001', sourceSysRef: 'CUSTOMS-CONSOLE', scopes: SCOPES },
  {
    clientId: 'reader-acc',
    clientSecret: 'reader-acc-secret',
    tenantId: 't-acc-001',
    sourceSysRef: 'READER',
    scopes: ['read:declarations', 'read:subscriptions', 'read:wms', 'read:documents', 'read:classifications'],
  },
  {
    clientId: 'noclass-acc',
    clientSecret: 'noclass-acc-secret',
    tenantId: 't-acc-002',
    sourceSysRef: 'NOCLASS',
    scopes: SCOPES.filter((s) => !CLASSIFICATION_SCOPES.includes(s)),
  },
];

export interface DemoTenant {
  tenantId: string;
  name: string;
  classificationJurisdictions: readonly Jurisdiction[];
  initialCredits: number;
}

export const DEMO_TENANTS: readonly DemoTenant[] = [
  {
    tenantId: 't-acc-001',
    name: 'Acme Trading BV (acceptance)',
    classificationJurisdictions: ['EU', 'UK', 'US', 'CH'],
    initialCredits: 100,
  },
  { tenantId: 't-acc-002', name: 'Northwind Logistics (acceptance)', classificationJurisdictions: [], initialCredits: 0 },
];

export const SCOPE_HOST = 'api://customs-sandbox';
export const serviceScopeFor = (clientId: string): string => `${SCOPE_HOST}/${clientId}/.default`;
export const serviceAudienceFor = (clientId: string): string => `${SCOPE_HOST}/${clientId}`;
