import { Text, Timeline } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { deliveryAttempts, formatDuration, WEBHOOK_RESPONSE_TIMEOUT_S, WEBHOOK_RETRY_WINDOW_S } from '../../../contract/webhook-delivery';

/**
 * What the service does when the destination fails (API-5: there is no delivery log to look at
 * instead): every attempt of one event, then its expiry 24 h after the event.
 */
export function RetryTimeline() {
  const { t } = useTranslation('subscriptions');
  const attempts = deliveryAttempts();
  return (
    <section aria-labelledby="retry-timeline-heading">
      <Text fw={600} id="retry-timeline-heading">
        {t('retry.title')}
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        {t('retry.intro', { timeout: String(WEBHOOK_RESPONSE_TIMEOUT_S) })}
      </Text>
      <Timeline bulletSize={14} lineWidth={2} active={attempts.length - 1} aria-label={t('retry.label')}>
        {attempts.map((a) => (
          <Timeline.Item key={a.attempt} title={a.attempt === 1 ? t('retry.atOnce') : `+${formatDuration(a.atS)}`}>
            <Text size="xs" c="dimmed">
              {a.attempt === 1 ? t('retry.first') : t('retry.attempt', { attempt: String(a.attempt), after: formatDuration(a.afterS) })}
            </Text>
          </Timeline.Item>
        ))}
        <Timeline.Item title={`+${formatDuration(WEBHOOK_RETRY_WINDOW_S)}`} color="red">
          <Text size="xs" c="dimmed">
            {t('retry.expire')}
          </Text>
        </Timeline.Item>
      </Timeline>
    </section>
  );
}
