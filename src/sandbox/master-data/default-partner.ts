import type { BusinessPartner } from '../../contract/ingestion.js';

/**
 * The default business partner for a role (deductions, docs/service-facts.md 1.2): one that lists the
 * storage location first, otherwise one without storage locations; `partners` come ordered by
 * businessPartnerCode, so ties go to the lowest code.
 */
export function defaultPartnerFor(
  partners: readonly BusinessPartner[],
  role: string,
  storageLocation: string | null | undefined,
): BusinessPartner | undefined {
  const withRole = partners.filter((p) => p.roles?.some((r) => r.toLowerCase() === role.toLowerCase()));
  if (storageLocation) {
    const local = withRole.find((p) => p.storageLocationReferences?.includes(storageLocation));
    if (local) return local;
  }
  return withRole.find((p) => !p.storageLocationReferences?.length);
}
