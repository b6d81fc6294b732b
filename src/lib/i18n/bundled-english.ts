import type { Catalog } from '../../contract/catalog-messages';
import common from './locales/en/common.json';

/** English `common` (buttons, errors, the language menu) is part of the entry: the first screen never waits for it. */
export const ENGLISH_COMMON: Catalog = common;
