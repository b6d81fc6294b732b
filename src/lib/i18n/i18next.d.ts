import 'i18next';
import type common from './locales/en/common.json';
import type shell from './locales/en/shell.json';

/** Keys are checked against the English catalogs: a key that English lacks fails the type check. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; shell: typeof shell };
  }
}
