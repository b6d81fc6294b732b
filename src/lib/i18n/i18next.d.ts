import 'i18next';
import type common from './locales/en/common.json';
import type shell from './locales/en/shell.json';
import type tariff from './locales/en/tariff.json';
import type events from './locales/en/events.json';
import type connection from './locales/en/connection.json';
import type health from './locales/en/health.json';

/** Keys are checked against the English catalogs: a key that English lacks fails the type check. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      shell: typeof shell;
      tariff: typeof tariff;
      events: typeof events;
      connection: typeof connection;
      health: typeof health;
    };
  }
}
