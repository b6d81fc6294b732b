import 'i18next';
import type common from './locales/en/common.json';
import type shell from './locales/en/shell.json';
import type tariff from './locales/en/tariff.json';
import type events from './locales/en/events.json';
import type connection from './locales/en/connection.json';
import type radar from './locales/en/radar.json';
import type notifications from './locales/en/notifications.json';
import type approvals from './locales/en/approvals.json';
import type dashboard from './locales/en/dashboard.json';
import type health from './locales/en/health.json';
import type declarations from './locales/en/declarations.json';
import type myWork from './locales/en/myWork.json';
import type review from './locales/en/review.json';
import type declaration from './locales/en/declaration.json';
import type actions from './locales/en/actions.json';
import type classification from './locales/en/classification.json';
import type classificationShared from './locales/en/classificationShared.json';
import type ingestion from './locales/en/ingestion.json';
import type movementOrders from './locales/en/movementOrders.json';
import type subscriptions from './locales/en/subscriptions.json';

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
      radar: typeof radar;
      notifications: typeof notifications;
      approvals: typeof approvals;
      dashboard: typeof dashboard;
      health: typeof health;
      declarations: typeof declarations;
      myWork: typeof myWork;
      review: typeof review;
      declaration: typeof declaration;
      actions: typeof actions;
      classification: typeof classification;
      classificationShared: typeof classificationShared;
      ingestion: typeof ingestion;
      movementOrders: typeof movementOrders;
      subscriptions: typeof subscriptions;
    };
  }
}
