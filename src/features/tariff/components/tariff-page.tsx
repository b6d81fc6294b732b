import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { TariffPageSearch } from '../model/tariff-search-params';
import { TariffSearchResults } from './tariff-search-results';
import { TariffTree } from './tariff-tree';

/** `/tariff`: search the nomenclature by words or code, or browse it as a tree. */
export function TariffPage({ search, onSearch }: { search: TariffPageSearch; onSearch: (next: TariffPageSearch) => void }) {
  const { t } = useTranslation('tariff');
  useDocumentTitle(t('page.documentTitle'));
  const [text, setText] = useState(search.q ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch({ q: text.trim() || undefined });
  };
  return (
    <Stack>
      <div>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </div>
      <form onSubmit={submit} role="search" aria-label={t('page.searchForm')}>
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('page.searchLabel')}
            placeholder={t('page.searchPlaceholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            style={{ flex: 1, maxWidth: 520 }}
          />
          <Button type="submit">{t('page.searchButton')}</Button>
        </Group>
      </form>
      {search.q && (
        <section aria-labelledby="tariff-results-heading">
          <Title order={2} size="h3" id="tariff-results-heading">
            {t('page.results')}
          </Title>
          <TariffSearchResults q={search.q} />
        </section>
      )}
      <section aria-labelledby="tariff-browse-heading">
        <Title order={2} size="h3" id="tariff-browse-heading">
          {t('page.browse')}
        </Title>
        <TariffTree />
      </section>
    </Stack>
  );
}
