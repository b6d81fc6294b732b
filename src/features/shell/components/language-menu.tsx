import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { activeLanguageOf, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../lib/i18n/languages';

/**
 * The header's language menu: each language named in itself (a clerk finds "Deutsch" whatever the
 * page is in). Switching happens in place: no reload, forms keep what was typed.
 */
export function LanguageMenu({ onChosen }: { onChosen?: (language: Language) => void }) {
  const { t, i18n } = useTranslation();
  const current = activeLanguageOf(i18n.language);
  const choose = (language: Language) => {
    onChosen?.(language);
    void changeLanguage(language);
  };
  return (
    <Menu position="bottom-end" returnFocus withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconLanguage size={16} aria-hidden="true" />}
          aria-label={t('languageMenu.current', { language: LANGUAGE_NAMES[current] })}
          data-testid="language-menu"
        >
          {/* The language's own name, in that language (WCAG 3.1.2, language of parts). */}
          <span lang={current}>{LANGUAGE_NAMES[current]}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('languageMenu.label')}>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => choose(language)}
            aria-current={language === current ? 'true' : undefined}
            fw={language === current ? 700 : undefined}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
