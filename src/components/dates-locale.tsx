import { DatesProvider, type CalendarAriaLabels } from '@mantine/dates';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { PICKER_DATE_FORMAT, PICKER_DATE_TIME_FORMAT } from '../lib/format';
import { activeLanguageOf, type Language } from '../lib/i18n/languages';

/** dayjs's month and weekday names of each language: each its own chunk, fetched when a picker first shows in that language. */
const DAYJS_LOCALES: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  nl: () => import('dayjs/locale/nl'),
  fr: () => import('dayjs/locale/fr'),
  de: () => import('dayjs/locale/de'),
};
/** The languages dayjs has names for so far, with the components that wait for one (useSyncExternalStore). */
const loaded = new Set<Language>(['en']);
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const pending = new Map<Language, Promise<void>>();
function loadDatesLocale(language: Exclude<Language, 'en'>): Promise<void> {
  let load = pending.get(language);
  if (!load) {
    load = DAYJS_LOCALES[language]().then(() => {
      loaded.add(language);
      listeners.forEach((listener) => listener());
    });
    pending.set(language, load);
  }
  return load;
}

/** The console's language if dayjs has its names yet, else English; never fetches them (the provider around every page). */
function useLoadedDatesLocale(): Language {
  const { i18n } = useTranslation();
  const language = activeLanguageOf(i18n.language);
  return useSyncExternalStore(subscribe, () => (loaded.has(language) ? language : 'en'));
}

/**
 * The language the date pickers write month and weekday names in: the console's, once dayjs has
 * its names (English until then, a moment on the first picker in a language: only a picker fetches
 * them, so the first screen does not). The pseudo-locale is English.
 */
export function useDatesLocale(): Language {
  const { i18n } = useTranslation();
  const language = activeLanguageOf(i18n.language);
  useEffect(() => {
    if (language !== 'en') void loadDatesLocale(language);
  }, [language]);
  return useLoadedDatesLocale();
}

/** How a picker writes its value (dayjs tokens) per language: "4 Mar 2026", "4 mrt. 2026", "4 mars 2026", "4. März 2026". */
const FORMATS: Record<Language, { date: string; dateTime: string }> = {
  en: { date: PICKER_DATE_FORMAT, dateTime: PICKER_DATE_TIME_FORMAT },
  nl: { date: 'D MMM YYYY', dateTime: 'D MMM YYYY, HH:mm' },
  fr: { date: 'D MMM YYYY', dateTime: 'D MMM YYYY, HH:mm' },
  de: { date: 'D. MMM YYYY', dateTime: 'D. MMM YYYY, HH:mm' },
};

/** A picker's value format and the labels of its calendar's controls in the user's language. */
export function usePickerWording(): { date: string; dateTime: string; ariaLabels: CalendarAriaLabels } {
  const { t } = useTranslation();
  const locale = useDatesLocale();
  return {
    ...FORMATS[locale],
    ariaLabels: { previousMonth: t('components.fields.previousMonth'), nextMonth: t('components.fields.nextMonth') },
  };
}

/**
 * Every date picker inside speaks the console's language: month and weekday names ("November
 * 2026", "Mo Di Mi …" in German), Monday first. The app wraps its pages in it.
 */
export function ConsoleDatesProvider({ children }: { children: ReactNode }) {
  const locale = useLoadedDatesLocale();
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
