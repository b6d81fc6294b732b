import type { ReactNode } from 'react';
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

/** The English catalogs, one per namespace: the reference every key is checked against. */
interface Resources {
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
}

/** Namespace names: the catalogs' file names (one per feature, plus `common`). */
export type Namespace = keyof Resources;

/** Every message of a nested catalog by its dotted key ("nav.pages.declarations"). */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Computed once per namespace (not per use), so that a `t` of a generic namespace stays cheap to check. */
type Keys = { [N in Namespace]: Leaves<Resources[N]> };

/** The keys of a namespace: a key that English lacks fails the type check. */
export type MessageKey<N extends Namespace> = Keys[N];

/** What a message's arguments may be (intl-messageformat's primitive values). */
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/** `defaultValue`: shown when the key is missing; `ns`: a key of another namespace. */
export type TOptions = MessageValues & { defaultValue?: string };

/** A message in the fixed namespace N, or in another one named by `ns`. */
export interface TFunction<N extends Namespace = 'common'> {
  (key: MessageKey<N>, options?: TOptions & { ns?: never }): string;
  <Other extends Namespace>(key: MessageKey<Other>, options: TOptions & { ns: Other }): string;
}

/** How a rich message's tags render: `b: (chunks) => <strong>{chunks}</strong>`. */
export type RichTags = Record<string, (chunks: ReactNode[]) => ReactNode>;

/** A message of namespace N with tags the component renders (a sentence that emphasises some of its words). */
export type RichFunction<N extends Namespace> = (key: MessageKey<N>, values: MessageValues, tags: RichTags) => ReactNode;
