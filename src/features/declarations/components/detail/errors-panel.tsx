import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { fieldLabel } from '../../../../contract/field-labels';
import type { DeclarationError, DeclarationGoodsItem } from '../../../../contract/declarations';
import { DeclarationErrorNotes } from '../review/error-notes';
import { errorTarget, groupErrors, type FieldTarget } from '../../model/detail/field-reference';
import { GOODS_ITEM_FIELD_LABELS } from '../../model/detail/goods-item-fields';
import { HEADER_FIELD_LABELS } from '../../model/detail/header-fields';

interface Props {
  errors: readonly DeclarationError[];
  items: readonly DeclarationGoodsItem[];
  onJump: (target: Exclude<FieldTarget, { kind: 'none' }>) => void;
}

const targetLabel = (t: Exclude<FieldTarget, { kind: 'none' }>): string =>
  t.kind === 'header'
    ? HEADER_FIELD_LABELS[t.field]
    : `Goods item ${t.sequenceNumber}${t.field ? ` · ${GOODS_ITEM_FIELD_LABELS[t.field]}` : ''}`;

/**
 * The declaration's errors in two groups: the service's own validation (V-codes: fix and
 * validate again) and customs authority codes (customs rejected it: correct and resubmit).
 * Each error opens the field it points at.
 */
export function ErrorsPanel({ errors, items, onJump }: Props) {
  const { internal, customs } = groupErrors(errors);
  return (
    <Stack gap="md">
      <ErrorGroup
        title="Service validation"
        hint="Found by the service’s own checks (V-codes). Fix them here; the declaration is validated again after each change."
        errors={internal}
        items={items}
        onJump={onJump}
      />
      <ErrorGroup
        title="Customs authority"
        hint="Returned by customs. Correct the declaration and submit it again."
        errors={customs}
        items={items}
        onJump={onJump}
      />
      <DeclarationErrorNotes errorCodes={errors.map((e) => e.errorCode)} />
    </Stack>
  );
}

function ErrorGroup({ title, hint, errors, items, onJump }: Props & { title: string; hint: string }) {
  if (errors.length === 0) return null;
  return (
    <section aria-label={title}>
      <Title order={3} size="h5">
        {title} ({errors.length})
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
                      Field: {where}
                    </Text>
                  )}
                </Stack>
                {target.kind !== 'none' && (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onJump(target)}
                    style={{ flexShrink: 0 }}
                    aria-label={`Go to ${targetLabel(target)} (${error.errorCode})`}
                  >
                    Go to {targetLabel(target)}
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
