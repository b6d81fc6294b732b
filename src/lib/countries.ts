import { activeLocale, onLocaleChange } from './i18n/active-locale';
import type { Language } from './i18n/languages';
/**
 * Country pickers (declarations: shipFrom, shipTo, jurisdiction; classification: origin): ISO 3166-1 alpha-2 codes with names in the
 * console's language from the browser's own Intl data, plus XI (Northern Ireland), which customs systems use
 * although ISO does not define it.
 */
const ISO_3166_ALPHA2 =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

const EXTRA_NAMES: Record<string, Record<Language, string>> = {
  XI: { en: 'Northern Ireland', nl: 'Noord-Ierland', fr: 'Irlande du Nord', de: 'Nordirland' },
};
const extraName = (code: string): string | undefined => EXTRA_NAMES[code]?.[activeLocale()];

export interface CountryOption {
  value: string;
  label: string;
}

let names: Intl.DisplayNames | null | undefined;
let cached: CountryOption[] | undefined;
const nameCache = new Map<string, string>();
onLocaleChange(() => {
  names = undefined;
  cached = undefined;
  nameCache.clear();
});

/** One instance for the page: a new one per call was a tenth of the time a table of 100 rows took to render. */
function displayNames(): Intl.DisplayNames | undefined {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([activeLocale()], { type: 'region' });
    } catch {
      names = null;
    }
  }
  return names ?? undefined;
}

/** "GB · United Kingdom", sorted by name; the code comes first so typing a code finds it. */
export function countryOptions(): CountryOption[] {
  if (cached) return cached;
  const names = displayNames();
  cached = [...ISO_3166_ALPHA2, 'XI']
    .map((code) => ({ code, name: extraName(code) ?? names?.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, activeLocale()))
    .map(({ code, name }) => ({ value: code, label: `${code} · ${name}` }));
  return cached;
}

/** Cached: a table cell asks for the same few countries a hundred times per render. */
export function countryName(code: string): string {
  let name = nameCache.get(code);
  if (name === undefined) {
    name = extraName(code) ?? displayNames()?.of(code) ?? code;
    nameCache.set(code, name);
  }
  return name;
}
