import { Badge, Button, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { leafFieldLabel } from '../../../../contract/field-labels';
import type { ErrorGroup } from '../../../../contract/review';

interface Props {
  /** The section's id (its heading labels the table). */
  id: string;
  title: string;
  hint: string;
  groups: readonly ErrorGroup[];
  /** false while the index is being built: an empty list is not the answer yet. */
  complete: boolean;
  selected: string | undefined;
  onOpen: (errorCode: string) => void;
}

/** The group's fields in words, without item numbers (the code points at the same field of many items). */
const fieldWords = (g: ErrorGroup): string[] => [...new Set(g.fields.map(leafFieldLabel))];

const list = (t: TFunction<'review'>, values: readonly string[], max = 3) =>
  values.length <= max ? values.join(', ') : t('groups.listMore', { list: values.slice(0, max).join(', '), count: values.length - max });

/** Error codes of one kind, most declarations first. */
export function ErrorGroupsTable({ id, title, hint, groups, complete, selected, onOpen }: Props) {
  const { t } = useTranslation('review');
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {hint}
      </Text>
      {groups.length === 0 ? (
        <Text size="sm">{complete ? t('groups.none') : t('groups.noneYet')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-labelledby={id}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('groups.code')}</Table.Th>
                <Table.Th scope="col">{t('groups.message')}</Table.Th>
                <Table.Th scope="col">{t('groups.fields')}</Table.Th>
                <Table.Th scope="col">{t('groups.flows')}</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  {t('groups.declarations')}
                </Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('groups.open')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map((g) => (
                <Table.Tr key={g.errorCode} aria-current={selected === g.errorCode ? 'true' : undefined}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {/* Never cut: the badge is as wide as its code however narrow the column. */}
                    <Badge variant="outline" color="red" c="red.9" tt="none" radius="sm" miw="max-content" data-testid="group-code">
                      {g.errorCode}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{g.message}</Table.Td>
                  <Table.Td>
                    <Text size="xs" title={fieldWords(g).join('\n')}>
                      {list(t, fieldWords(g), 2) || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{list(t, g.flows)}</Text>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }} data-testid="group-count">
                    {g.declarations}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant={selected === g.errorCode ? 'filled' : 'light'}
                      onClick={() => onOpen(g.errorCode)}
                      aria-label={t('groups.openLabel', { code: g.errorCode, count: g.declarations })}
                    >
                      {t('groups.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
