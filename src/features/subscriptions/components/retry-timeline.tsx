import { Text, Timeline } from '@mantine/core';
import { deliveryAttempts, formatDuration, WEBHOOK_RESPONSE_TIMEOUT_S, WEBHOOK_RETRY_WINDOW_S } from '../../../contract/webhook-delivery';

/**
 * What the service does when the destination fails (API-5: there is no delivery log to look at
 * instead): every attempt of one event, then its expiry 24 h after the event.
 */
export function RetryTimeline() {
  const attempts = deliveryAttempts();
  return (
    <section aria-labelledby="retry-timeline-heading">
      <Text fw={600} id="retry-timeline-heading">
        If the destination fails
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        Each attempt needs a 2xx answer within {WEBHOOK_RESPONSE_TIMEOUT_S} s. After a failure the service tries again on this schedule,
        then gives the event up.
      </Text>
      <Timeline bulletSize={14} lineWidth={2} active={attempts.length - 1} aria-label="Delivery attempts of one event">
        {attempts.map((a) => (
          <Timeline.Item key={a.attempt} title={a.attempt === 1 ? 'At once' : `+${formatDuration(a.atS)}`}>
            <Text size="xs" c="dimmed">
              {a.attempt === 1 ? 'first attempt' : `attempt ${a.attempt}, ${formatDuration(a.afterS)} after the previous one`}
            </Text>
          </Timeline.Item>
        ))}
        <Timeline.Item title={`+${formatDuration(WEBHOOK_RETRY_WINDOW_S)}`} color="red">
          <Text size="xs" c="dimmed">
            undelivered events expire
          </Text>
        </Timeline.Item>
      </Timeline>
    </section>
  );
}
