import { Alert, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';

/** API-5: the service keeps no delivery log the console could show, so say what it does instead. */
export function DeliveryHelp() {
  const { t } = useTranslation('subscriptions');
  return (
    <Alert color="blue" variant="light" title={t('delivery.title')}>
      <Text size="sm">{t('delivery.text')}</Text>
    </Alert>
  );
}
