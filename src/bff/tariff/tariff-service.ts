import { Nomenclature } from './nomenclature.js';
import { TariffSearch } from './search.js';

export interface TariffService {
  nomenclature: Nomenclature;
  search: TariffSearch;
}

let loaded: TariffService | undefined;

/**
 * The nomenclature and its search index, built on first use (about a second of CPU, so `npm start`
 * does not wait for it) and kept for the life of the process: the shipped files never change
 * while it runs, and every replica builds the same one.
 */
export function tariffService(): TariffService {
  if (!loaded) {
    const nomenclature = Nomenclature.load();
    loaded = { nomenclature, search: new TariffSearch(nomenclature) };
  }
  return loaded;
}
