import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import type { TariffPageSearch } from '../model/tariff-search-params';
import { TariffSearchResults } from './tariff-search-results';
import { TariffTree } from './tariff-tree';

/** `/tariff`: search the nomenclature by words or code, or browse it as a tree. */
export function TariffPage({ search, onSearch }: { search: TariffPageSearch; onSearch: (next: TariffPageSearch) => void }) {
  useDocumentTitle('Tariff · Customs Console');
  const [text, setText] = useState(search.q ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch({ q: text.trim() || undefined });
  };
  return (
    <Stack>
      <div>
        <Title order={1}>Tariff</Title>
        <Text c="dimmed">
          The EU Combined Nomenclature 2026, with HS 2022: search by what the goods are or by code, or browse from the sections down.
        </Text>
      </div>
      <form onSubmit={submit} role="search" aria-label="Tariff">
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Search the tariff"
            placeholder="e.g. cotton t-shirts, or 6109"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            style={{ flex: 1, maxWidth: 520 }}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      {search.q && (
        <section aria-labelledby="tariff-results-heading">
          <Title order={2} size="h3" id="tariff-results-heading">
            Results
          </Title>
          <TariffSearchResults q={search.q} />
        </section>
      )}
      <section aria-labelledby="tariff-browse-heading">
        <Title order={2} size="h3" id="tariff-browse-heading">
          Browse
        </Title>
        <TariffTree />
      </section>
    </Stack>
  );
}
