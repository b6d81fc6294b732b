import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { fieldLabel } from '../../../../contract/field-labels';
import type { DeclarationError, DeclarationGoodsItem } from '../../../../contract/declarations';
import { DeclarationErrorNotes } from '../review/error-notes';
import { errorTarget, groupErrors, type FieldTarget } from '../../model/detail/field-reference';
import { fieldText } from '../../model/detail/detail-wording';
import { formatQuantity } from '../../../../lib/format';

interface Props {
  errors: readonly DeclarationError[];
  items: readonly DeclarationGoodsItem[];
  onJump: (target: Exclude<FieldTarget, { kind: 'none' }>) => void;
}

const targetLabel = (target: Exclude<FieldTarget, { kind: 'none' }>, t: TFunction<'declaration'>): string =>
  target.kind === 'header'
    ? fieldText(target.field, t)
    : target.field
      ? t('errors.goodsItemField', { number: target.sequenceNumber, field: fieldText(target.field, t) })
      : t('errors.goodsItem', { number: target.sequenceNumber });

/**
 * The declaration's errors in two groups: the service's own validation (V-codes: fix and
 * validate again) and customs authority codes (customs rejected it: correct and resubmit).
 * Each error opens the field it points at.
 */
export function ErrorsPanel({ errors, items, onJump }: Props) {
  const { t } = useTranslation('declaration');
  const { internal, customs } = groupErrors(errors);
  return (
    <Stack gap="md">
      <ErrorGroup title={t('errors.serviceTitle')} hint={t('errors.serviceHint')} errors={internal} items={items} onJump={onJump} />
      <ErrorGroup title={t('errors.customsTitle')} hint={t('errors.customsHint')} errors={customs} items={items} onJump={onJump} />
      <DeclarationErrorNotes errorCodes={errors.map((e) => e.errorCode)} />
    </Stack>
  );
}

function ErrorGroup({ title, hint, errors, items, onJump }: Props & { title: string; hint: string }) {
  const { t } = useTranslation('declaration');
  if (errors.length === 0) return null;
  return (
    <section aria-label={title}>
      <Title order={3} size="h5">
        {title} ({formatQuantity(errors.length)})
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {hint}
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {errors.map((error, i) => {
          const target = errorTarget(error, items);
          const where = error.fieldReference.map((r) => fieldLabel(r.path || r.fieldName)).join(', ');
          return (
            <Card component="li" key={`${error.errorCode}-${i}`} withBorder padding="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Badge variant="outline" color="red" c="red.9" tt="none" radius="sm">
                      {error.errorCode}
                    </Badge>
                    <Text fw={600} size="sm">
                      {error.message}
                    </Text>
                  </Group>
                  {error.description && <Text size="sm">{error.description}</Text>}
                  {where && (
                    <Text size="xs" c="dimmed" data-testid="error-field">
                      {t('errors.field', { where })}
                    </Text>
                  )}
                </Stack>
                {target.kind !== 'none' && (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onJump(target)}
                    style={{ flexShrink: 0 }}
                    aria-label={t('errors.goToLabel', { target: targetLabel(target, t), code: error.errorCode })}
                  >
                    {t('errors.goTo', { target: targetLabel(target, t) })}
                  </Button>
                )}
              </Group>
            </Card>
          );
        })}
      </Stack>
    </section>
  );
}
