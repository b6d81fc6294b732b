import type { Language } from '../../contract/user-preferences.js';
import de from './locales/de/alerts.json' with { type: 'json' };
import en from './locales/en/alerts.json' with { type: 'json' };
import fr from './locales/fr/alerts.json' with { type: 'json' };
import nl from './locales/nl/alerts.json' with { type: 'json' };
import { formatText, type Text } from './messages.js';

/** What alerts, digests and approval notices say, by key (locales/<language>/alerts.json). */
export type AlertKey = keyof typeof en;
const CATALOGS: Readonly<Record<Language, Readonly<Record<AlertKey, string>>>> = { en, nl, fr, de };

export interface AlertText extends Text {
  key: AlertKey;
  values?: Readonly<Record<string, string | number | AlertText>>;
}

export const alertText = (key: AlertKey, values?: AlertText['values']): AlertText => (values ? { key, values } : { key });

/** The text in `language` (every key is in every catalog: the catalog test and the types hold to it). */
export const inLanguage = (language: Language, t: AlertText): string => formatText(CATALOGS[language], language, t) ?? t.key;

/**
 * A moment as the recipient writes it (day, month, year, 24-hour time) in the team's time zone:
 * UTC, as the console's days and digests are counted.
 */
const TEAM_TIME_ZONE = 'UTC';
const formats = new Map<string, Intl.DateTimeFormat>();
function format(language: Language, kind: 'moment' | 'day' | 'time'): Intl.DateTimeFormat {
  const id = `${language}:${kind}`;
  let f = formats.get(id);
  if (!f) {
    const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } as const;
    const day = { day: 'numeric', month: kind === 'day' ? 'long' : 'short', year: 'numeric' } as const;
    f = new Intl.DateTimeFormat(language, {
      timeZone: TEAM_TIME_ZONE,
      ...(kind === 'time' ? time : kind === 'day' ? day : { ...day, ...time }),
    });
    formats.set(id, f);
  }
  return f;
}

/** `iso` in the recipient's words; as given when it is not a time. */
export function writtenMoment(language: Language, iso: string, kind: 'moment' | 'day' | 'time' = 'moment'): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : format(language, kind).format(at);
}
