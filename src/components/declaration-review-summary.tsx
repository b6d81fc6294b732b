import { Alert, List, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Declaration } from '../contract/declarations';
import { customsValueText, reviewOf } from '../lib/declaration-review';

/** The statement the person filing makes; shown before every Submit and with every approval request. */
export const DECLARATION_STATEMENT =
  'I declare that the particulars given in this declaration are true and complete, that the documents it refers to are genuine, and that I accept the obligations that come with filing it.';

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
  const r = reviewOf(declaration);
  return (
    <Stack gap="sm" data-testid="declaration-review">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label="Customs value" value={customsValueText(r)} />
        <Fact label="Items" value={String(r.items)} />
        <Fact label="Gross mass" value={`${r.grossMassKg.toLocaleString('en-GB', { maximumFractionDigits: 3 })} kg`} />
        <Fact label="Invoice currency" value={r.invoiceCurrency ?? 'not given'} />
      </SimpleGrid>
      <div>
        <Text size="xs" c="dimmed">
          Parties
        </Text>
        {r.parties.length === 0 ? (
          <Text size="sm">No parties given.</Text>
        ) : (
          <List size="sm" spacing={2}>
            {r.parties.map((p) => (
              <List.Item key={p.role}>
                <b>{p.role}:</b> {p.name}
              </List.Item>
            ))}
          </List>
        )}
      </div>
      {r.errors > 0 && (
        <Alert color="red" variant="light" title={`${r.errors} ${r.errors === 1 ? 'error' : 'errors'} on this declaration`}>
          {(declaration.errors ?? []).slice(0, 5).map((e) => (
            <Text size="sm" key={`${e.errorCode}-${e.message}`}>
              {e.errorCode}: {e.message}
            </Text>
          ))}
        </Alert>
      )}
      {withStatement && (
        <Text size="sm" fs="italic">
          {DECLARATION_STATEMENT}
        </Text>
      )}
    </Stack>
  );
}
