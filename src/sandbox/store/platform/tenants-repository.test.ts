import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../server-kit/database/engine.js';
import { testEngines } from '../../../server-kit/database/test-databases.js';
import type { SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';
import type { Tenant } from './tenants-repository.js';

const stores: SandboxStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

async function tenantsOn(engine: Engine) {
  const { store } = await openTestStore(engine);
  stores.push(store);
  return store.repos.tenants;
}

const acme: Tenant = { tenantId: 't-1', name: 'Acme', classificationJurisdictions: ['EU', 'UK'], credits: 3 };
const northwind: Tenant = { tenantId: 't-0', name: 'Northwind', classificationJurisdictions: [], credits: 0 };

describe.each(testEngines())('tenants repository on %s', (engine) => {
  it('seeds missing tenants only, keeping what existing ones have', async () => {
    const tenants = await tenantsOn(engine);
    expect(await tenants.list()).toEqual([]);
    await tenants.seed([acme, northwind]);
    expect(await tenants.setCredits('t-1', 42)).toBe(true);
    await tenants.seed([{ ...acme, name: 'renamed' }, northwind]);
    expect(await tenants.list()).toEqual([northwind, { ...acme, credits: 42 }]);
    expect(await tenants.get('t-1')).toEqual({ ...acme, credits: 42 });
    expect(await tenants.get('t-unknown')).toBeUndefined();
    expect(await tenants.setCredits('t-unknown', 1)).toBe(false);
  });

  it('takes credits one at a time and never below zero, however many take at once', async () => {
    const tenants = await tenantsOn(engine);
    await tenants.seed([acme]);
    const taken = await Promise.all(Array.from({ length: 10 }, () => tenants.takeCredit('t-1')));
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect((await tenants.get('t-1'))?.credits).toBe(0);
    expect(await tenants.takeCredit('t-unknown')).toBe(false);
  });
});
