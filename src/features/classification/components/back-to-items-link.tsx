import { useTranslation } from '../../../lib/i18n/use-translation';
import { Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { AnchorLink } from '../../../components/anchor-link';

/** The way back to the item list from the pages under it (an item, the worklist). */
export function BackToItemsLink() {
  const { t } = useTranslation('classification');
  return (
    <AnchorLink to="/classification" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden="true" />
        {t('backToItems')}
      </Group>
    </AnchorLink>
  );
}
