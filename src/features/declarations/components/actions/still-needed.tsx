import { List, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { UnmetRule } from '../../model/actions/unmet-rules';

/** The rules the body still breaks, before any round trip; the submit button is described by it. */
export function StillNeeded({ id, rules }: { id: string; rules: readonly UnmetRule[] }) {
  const { t } = useTranslation('actions');
  if (rules.length === 0) {
    return (
      <Text id={id} size="sm" c="dimmed">
        {t('layout.everyRuleMet')}
      </Text>
    );
  }
  return (
    <div id={id}>
      <Text size="sm" fw={600}>
        {t('layout.stillNeeded')}
      </Text>
      <List size="sm" spacing={2} data-testid="still-needed">
        {rules.map((r) => (
          <List.Item key={`${r.path}:${r.text}`}>{r.text}</List.Item>
        ))}
      </List>
    </div>
  );
}
