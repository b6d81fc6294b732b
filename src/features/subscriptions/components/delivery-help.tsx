import { Alert, Text } from '@mantine/core';

/** API-5: the service keeps no delivery log the console could show, so say what it does instead. */
export function DeliveryHelp() {
  return (
    <Alert color="blue" variant="light" title="Delivery">
      <Text size="sm">
        The API offers no delivery log, resend or test event: check your receiver's own logs. A failed delivery (no 2xx within 15 s) is
        retried after 10 s, 30 s, 1 min, 5 min, 10 min, 30 min, 1 h, 3 h, 6 h, then every 12 h, and given up 24 h after the event. Delivery
        is at-least-once and unordered: receivers deduplicate on the event id.
      </Text>
    </Alert>
  );
}
