import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Role } from '../../../contract/user-claims';
import { isAllowed } from '../../../contract/operations';
import { FileDrop, type LoadedFile } from './file-drop/file-drop';
import { FormulaForm } from './formula/formula-form';
import { useIngestionSession } from '../model/ingestion-session';
import { MasterDataForm } from './master-data/master-data-form';
import { ARTICLE_DATA, BUSINESS_PARTNERS } from '../model/master-data/master-data-model';
import { ShipmentForm } from './shipment/shipment-form';
import { SentMessageCard } from './sent-message-card';
import { ShipmentEditor } from './shipment-editor';

type Tab = 'shipment' | 'formula' | 'articles' | 'partners' | 'expert';

const TABS: readonly Tab[] = ['shipment', 'formula', 'articles', 'partners', 'expert'];
const isTab = (value: string | null): value is Tab => TABS.some((t) => t === value);

/**
 * /ingestion: one file drop that sends a message file as it is (its entry then shows in the
 * history; a refused file opens in its form), the messages as structured forms, the raw JSON
 * editor as an expert mode, and what became of each customs shipment sent from a form, live;
 * `history` is the ingest history section (history/), below.
 */
export function IngestionPage({ roles, history }: { roles: readonly Role[]; history?: ReactNode }) {
  const { t } = useTranslation('ingestion');
  const canSend = isAllowed(roles, 'POST /v1/customsshipments');
  const { sent, events, recordSent } = useIngestionSession();
  const [tab, setTab] = useState<Tab>('shipment');
  // A dropped file replaces a form's content: a new key mounts the form with it.
  const [loaded, setLoaded] = useState<{ file: LoadedFile; key: number }>();

  const open = (file: LoadedFile) => {
    setLoaded((prev) => ({ file, key: (prev?.key ?? 0) + 1 }));
    setTab(file.kind);
  };
  const fromFile = (kind: LoadedFile['kind']) => (loaded?.file.kind === kind ? loaded : undefined);

  return (
    <Stack>
      <div>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </div>
      {canSend && (
        <section aria-labelledby="file-heading">
          <Title order={2} size="h3" id="file-heading" mb="xs">
            {t('page.fileHeading')}
          </Title>
          <FileDrop onOpen={open} />
        </section>
      )}
      {canSend ? (
        <Tabs value={tab} onChange={(value) => isTab(value) && setTab(value)} keepMounted={false}>
          <Tabs.List aria-label={t('page.tabsLabel')}>
            {TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`page.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="shipment" pt="md">
            <ShipmentForm key={fromFile('shipment')?.key} loaded={fromFile('shipment')?.file.message} onSent={recordSent} />
          </Tabs.Panel>
          <Tabs.Panel value="formula" pt="md">
            <FormulaForm key={fromFile('formula')?.key} loaded={fromFile('formula')?.file.message} />
          </Tabs.Panel>
          <Tabs.Panel value="articles" pt="md">
            <MasterDataForm spec={ARTICLE_DATA} key={fromFile('articles')?.key} loaded={fromFile('articles')?.file.message} />
          </Tabs.Panel>
          <Tabs.Panel value="partners" pt="md">
            <MasterDataForm spec={BUSINESS_PARTNERS} key={fromFile('partners')?.key} loaded={fromFile('partners')?.file.message} />
          </Tabs.Panel>
          <Tabs.Panel value="expert" pt="md">
            <ShipmentEditor onSent={recordSent} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Alert color="gray" title={t('page.notAvailableTitle')}>
          {t('page.notAvailable')}
        </Alert>
      )}
      <section aria-labelledby="sent-heading">
        <Title order={2} size="h3" id="sent-heading" mb="xs">
          {t('page.sentHeading')}
        </Title>
        {sent.length === 0 ? (
          <Text c="dimmed">{t('page.nothingSent')}</Text>
        ) : (
          <Stack>
            {sent.map((message) => (
              <SentMessageCard key={message.referenceId} message={message} events={events} headingId={`sent-${message.referenceId}`} />
            ))}
          </Stack>
        )}
      </section>
      {history}
    </Stack>
  );
}
