import { readFileSync } from 'node:fs';

/**
 * The shipped nomenclature files both servers read (the sandbox's classifier, the BFF's tariff
 * service): CN 2026, HS 2022 and its sections, the UK goods terms. Sources and licences:
 * README.md beside them.
 */
export type NomenclatureFile = 'cn2026.csv' | 'harmonized-system.csv' | 'sections.csv' | 'search-references.csv';

export const readNomenclatureFile = (name: NomenclatureFile): string => readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8');
