import { Alert, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation';
import type { Declaration } from '../contract/declarations';
import { reviewOf } from '../lib/declaration-review';
import { formatQuantity } from '../lib/format';

const ROLES = ['Consignor', 'Consignee', 'Agent'] as const;
const isRole = (role: string): role is (typeof ROLES)[number] => ROLES.some((r) => r === role);

/** An amount to at most two decimals (rounded first), in the user's locale: "120,000.5 EUR". */
const amountText = (amount: number, currency: string): string => `${formatQuantity(Math.round(amount * 100) / 100)} ${currency}`;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}

/** A declaration's totals, parties and errors, as checked before it goes to customs. */
export function DeclarationReviewSummary({ declaration, withStatement = true }: { declaration: Declaration; withStatement?: boolean }) {
  const { t } = useTranslation();
  const r = reviewOf(declaration);
  const customsValue = r.customsValues.length
    ? r.customsValues.map((v) => amountText(v.amount, v.currency)).join(' + ')
    : t('components.review.noneGiven');
  return (
    <Stack gap="sm" data-testid="declaration-review">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label={t('components.review.customsValue')} value={customsValue} />
        <Fact label={t('components.review.items')} value={formatQuantity(r.items)} />
        <Fact label={t('components.review.grossMass')} value={t('components.review.kg', { mass: formatQuantity(r.grossMassKg) })} />
        <Fact label={t('components.review.invoiceCurrency')} value={r.invoiceCurrency ?? t('components.review.notGiven')} />
      </SimpleGrid>
      <div>
        <Text size="xs" c="dimmed">
          {t('components.review.parties')}
        </Text>
        {r.parties.length === 0 ? (
          <Text size="sm">{t('components.review.noParties')}</Text>
        ) : (
          <List size="sm" spacing={2}>
            {r.parties.map((p) => (
              <List.Item key={p.role}>
                <b>{isRole(p.role) ? t(`components.review.roles.${p.role}`) : p.role}:</b> {p.name}
              </List.Item>
            ))}
          </List>
        )}
      </div>
      {r.errors > 0 && (
        <Alert color="red" variant="light" title={t('components.review.errors', { count: r.errors })}>
          {(declaration.errors ?? []).slice(0, 5).map((e) => (
            <Text size="sm" key={`${e.errorCode}-${e.message}`}>
              {e.errorCode}: {e.message}
            </Text>
          ))}
        </Alert>
      )}
      {/* The statement the person filing makes: shown before every Submit and with every approval request. */}
      {withStatement && (
        <Text size="sm" fs="italic">
          {t('components.review.statement')}
        </Text>
      )}
    </Stack>
  );
}
