import { readFileSync } from 'node:fs';
import { CUSTOMS_OFFICES, type CustomsOffice } from '../../contract/code-lists/customs-offices.js';

/**
 * Reference data shipped with the sandbox (data only; sources and
 * licences in src/sandbox/declarations/README.md). Loaded once, lazily, into Sets.
 */
const dataFile = (name: string): string => readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8');
const lines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export type { CustomsOffice };

let offices: Map<string, CustomsOffice> | undefined;
let officeCountries: Set<string> | undefined;
let cn8: Set<string> | undefined;
let currencies: Set<string> | undefined;
let exciseProducts: Set<string> | undefined;

/** Customs office list (COL sample, 1,339 offices of GB, XI, EU, CH, NO, TR ...). */
export function customsOffices(): Map<string, CustomsOffice> {
  if (!offices) {
    offices = new Map(CUSTOMS_OFFICES.map((o) => [o.code, o]));
  }
  return offices;
}

/** Countries that have offices in the list; codes of other countries are checked for format only. */
export function customsOfficeCountries(): Set<string> {
  officeCountries ??= new Set([...customsOffices().values()].map((o) => o.country));
  return officeCountries;
}

/** EU Combined Nomenclature 2026, the 9,791 8-digit leaf codes. */
export function cn2026Codes(): Set<string> {
  cn8 ??= new Set(lines(dataFile('cn2026-cn8-codes.txt')));
  return cn8;
}

/** ISO 4217 alphabetic currency codes. */
export function currencyCodes(): Set<string> {
  currencies ??= new Set(lines(dataFile('iso-4217-codes.txt')));
  return currencies;
}

/** BC36 excise product codes (EMCS). */
export function exciseProductCodes(): Set<string> {
  exciseProducts ??= new Set(lines(dataFile('excise-products-bc36.txt')));
  return exciseProducts;
}
