import { Button, Kbd } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { openFinder } from '../../model/search/finder-store';

/** The page's entry to the identifier finder (the same modal as Ctrl+K). */
export function FindDeclarationButton() {
  const { t } = useTranslation('declarations');
  return (
    <Button
      variant="light"
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={<Kbd size="xs">{t('finder.shortcut')}</Kbd>}
      onClick={openFinder}
    >
      {t('finder.button')}
    </Button>
  );
}
