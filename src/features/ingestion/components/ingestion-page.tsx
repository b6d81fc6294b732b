import { Alert, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Role } from '../../../contract/user-claims';
import { isAllowed } from '../../../contract/operations';
import { recordSent, useIngestionSession } from '../ingestion-session';
import { SentMessageCard } from './sent-message-card';
import { ShipmentEditor } from './shipment-editor';

/** `history`: the ingest history section (history/), placed below what this session sent. */
export function IngestionPage({ roles, history }: { roles: readonly Role[]; history?: ReactNode }) {
  const canSend = isAllowed(roles, 'POST /v1/customsshipments');
  const { sent, events } = useIngestionSession();

  return (
    <Stack>
      <div>
        <Title order={1}>Ingestion</Title>
        <Text c="dimmed">
          Send a customs shipment as a warehouse or ERP system would. The service answers at once with a referenceId and processes the message afterwards;
          what became of it (a declaration, or a notice why none was created) arrives live below.
        </Text>
      </div>
      {canSend ? (
        <ShipmentEditor onSent={recordSent} />
      ) : (
        <Alert color="gray" title="Not available to your role">
          Customs shipments are sent by clerks and supervisors.
        </Alert>
      )}
      <section aria-labelledby="sent-heading">
        <Title order={2} size="h3" id="sent-heading" mb="xs">
          Sent in this session
        </Title>
        {sent.length === 0 ? (
          <Text c="dimmed">Nothing sent yet.</Text>
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
