import { DatesProvider, type CalendarAriaLabels } from '@mantine/dates';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { PICKER_DATE_FORMAT, PICKER_DATE_TIME_FORMAT } from '../lib/format';
import { activeLanguageOf, type Language } from '../lib/i18n/languages';

/** dayjs's month and weekday names of each language: each its own chunk, fetched when a picker first shows in that language. */
const DAYJS_LOCALES: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  nl: () => import('dayjs/locale/nl'),
  fr: () => import('dayjs/locale/fr'),
  de: () => import('dayjs/locale/de'),
};
const loaded = new Set<Language>(['en']);

/**
 * The language the date pickers write month and weekday names in: the console's, once dayjs has
 * its names (English until then, a moment on the first picker in a language). The pseudo-locale is English.
 */
export function useDatesLocale(): Language {
  const { i18n } = useTranslation();
  const language = activeLanguageOf(i18n.language);
  const [, setReady] = useState<Language>();
  useEffect(() => {
    if (language === 'en' || loaded.has(language)) return;
    let current = true;
    void DAYJS_LOCALES[language]().then(() => {
      loaded.add(language);
      if (current) setReady(language);
    });
    return () => {
      current = false;
    };
  }, [language]);
  return loaded.has(language) ? language : 'en';
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
  const locale = useDatesLocale();
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
