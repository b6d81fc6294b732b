import { z } from 'zod';
import { declarationSchema, declarationSearchResultSchema } from '../../src/contract/declarations';
import { SANDBOX_URL } from './stack';

/** A token of the console's own service client, as an ERP would get it (client credentials against the sandbox). */
export async function serviceToken(sandboxUrl = SANDBOX_URL): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: 'console-acc',
    client_secret: 'console-acc-secret',
    scope: 'api://customs-sandbox/console-acc/.default',
  });
  const res = await fetch(`${sandboxUrl}/oauth2/v2.0/token`, { method: 'POST', body });
  if (!res.ok) throw new Error(`the sandbox refused the service token: ${res.status}`);
  return z.object({ access_token: z.string() }).parse(await res.json()).access_token;
}

/** The id of the first declaration the service's search finds for `query` (journeys start from seeded data). */
export async function firstDeclarationId(query: Record<string, string>): Promise<string> {
  const res = await fetch(`${SANDBOX_URL}/v1/declarations/search?${new URLSearchParams({ ...query, limit: '1' }).toString()}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  const [first] = declarationSearchResultSchema.parse(await res.json());
  if (!first) throw new Error(`no declaration in the sandbox for ${JSON.stringify(query)}`);
  return first.declarationId;
}

/** The seeded declaration with 999 goods items (the UI performance one), found through the service's API. */
export async function largestDeclarationId(sandboxUrl = SANDBOX_URL): Promise<string> {
  const headers = { authorization: `Bearer ${await serviceToken(sandboxUrl)}` };
  const get = async (path: string): Promise<unknown> => (await fetch(`${sandboxUrl}${path}`, { headers })).json();
  for (let offset = 0; ; offset += 100) {
    const page = declarationSearchResultSchema.parse(await get(`/v1/declarations/search?limit=100&offset=${offset}`));
    for (const s of page) {
      const d = declarationSchema.parse(await get(`/v1/declarations/${s.declarationId}`));
      if (d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems.length >= 999) return d.declarationId;
    }
    if (page.length < 100) throw new Error('no seeded declaration with 999 goods items');
  }
}
