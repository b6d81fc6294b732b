import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import type { CustomsShipmentInput } from '../../contract/customs-shipment.js';
import { exciseShipment, getDeclaration, nlImportShipment, postShipment, search, settleAll } from '../../sandbox/flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider } from './fake-identity-provider.js';
import { startBff } from './start-bff.js';

/**
 * Global set-up of the component tests: the real sandbox and BFF, started once per run in the
 * main process, with the declarations the tests act on. Why this and not MSW: MSW is not
 * installed, and the project's rule is real parts, not mocks; a dialog then meets the BFF's and
 * the service's real answers (202, problem documents, 400 field errors), and what a test asserts
 * about a request is what the service accepted. The console's own api client talks to it over
 * HTTP (src/lib/test-support/component-backend.ts); servers cannot start inside the happy-dom
 * workers' browser code, which may not import server code.
 */

type Fixture = ProvidedContext['componentBackend']['declarations'][number];
/** A clerk who is also a supervisor: every action of the menu is open to them. */
const USER_ROLES: ('clerk' | 'supervisor')[] = ['clerk', 'supervisor'];
type Kind = 'validated import' | 'accepted import' | 'dispatched e-AD' | 'e-AD to receive';

const PLAN = [
  { name: 'goods-item-save', kind: 'validated import' },
  { name: 'goods-item-failure', kind: 'validated import' },
  { name: 'goods-item-form', kind: 'validated import' },
  { name: 'submit', kind: 'validated import' },
  { name: 'invalidate', kind: 'accepted import' },
  { name: 'invalidate-failure', kind: 'accepted import' },
  { name: 'delay', kind: 'dispatched e-AD' },
  { name: 'delay-failure', kind: 'dispatched e-AD' },
  { name: 'receipt', kind: 'e-AD to receive' },
  { name: 'receipt-draft', kind: 'e-AD to receive' },
  { name: 'change-destination', kind: 'dispatched e-AD' },
  { name: 'alert', kind: 'e-AD to receive' },
] as const satisfies readonly { name: Fixture['name']; kind: Kind }[];

/** The statuses each kind is made for: a fixture in another would fail its test for the wrong reason. */
const STATUSES: Record<Kind, readonly string[]> = {
  'validated import': ['Validated'],
  'accepted import': ['Accepted', 'Released'],
  'dispatched e-AD': ['Accepted'],
  'e-AD to receive': ['Accepted'],
};

async function declarationOf(sandbox: RunningSandbox, externalReference: string): Promise<string> {
  const [found] = await search(sandbox, `externalReference=${encodeURIComponent(externalReference)}`);
  if (!found) throw new Error(`no declaration for ${externalReference}`);
  return found.declarationId;
}

/** One declaration per fixture, in the status its test needs (the flows run at once: time scale). */
async function makeFixtures(sandbox: RunningSandbox): Promise<Fixture[]> {
  const shipmentOf: Record<Kind, () => CustomsShipmentInput> = {
    'validated import': nlImportShipment,
    'accepted import': nlImportShipment,
    'dispatched e-AD': () => exciseShipment('OUT'),
    'e-AD to receive': () => exciseShipment('IN'),
  };
  const planned = PLAN.map((p) => ({ ...p, shipment: shipmentOf[p.kind]() }));
  for (const { shipment } of planned) await postShipment(sandbox, shipment);
  await settleAll(sandbox);
  const made = await Promise.all(
    planned.map(async ({ name, kind, shipment }) => ({
      name,
      kind,
      declarationId: await declarationOf(sandbox, shipment.externalReference),
    })),
  );
  for (const { kind, declarationId } of made) {
    if (kind !== 'accepted import') continue;
    const res = await sandbox.call(`/v1/declarations/${declarationId}/submit`, { method: 'POST' });
    if (res.status !== 202) throw new Error(`submit ${declarationId}: ${res.status} ${await res.text()}`);
  }
  await settleAll(sandbox);
  for (const { name, kind, declarationId } of made) {
    const { currentStatus } = await getDeclaration(sandbox, declarationId);
    if (!STATUSES[kind].includes(currentStatus)) throw new Error(`fixture ${name} is ${currentStatus}, not ${STATUSES[kind].join(' or ')}`);
  }
  return made.map(({ name, declarationId }) => ({ name, declarationId }));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [sandbox, idp] = await Promise.all([startSandbox({ seed: false, timeScale: 1_000_000 }), startFakeIdentityProvider()]);
  const bff = await startBff({
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_TOKEN_URL: `${sandbox.url}/oauth2/v2.0/token`,
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
  });
  const close = async () => {
    await bff.close();
    await Promise.all([sandbox.close(), idp.close()]);
  };
  try {
    project.provide('componentBackend', {
      bffUrl: bff.url,
      sandboxUrl: sandbox.url,
      sandboxAdminToken: sandbox.adminToken,
      userToken: await idp.token({ sub: 'clerk-ct', name: 'Clara Clerk', roles: USER_ROLES, expiresIn: 3600 }),
      userRoles: USER_ROLES,
      declarations: await makeFixtures(sandbox),
    });
  } catch (e) {
    await close();
    throw e;
  }
  return close;
}
