import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { CustomsShipment } from '../../../contract/customs-shipment';
import { useSendShipment } from '../api/ingestion.mutations';
import { exampleShipmentText, newExternalReference } from '../model/example-shipment';
import type { SentMessage } from '../model/follow-up';
import { checkShipmentText, type ShipmentCheck } from '../model/shipment-text';
import { SendFailure } from './send-failure';
import { ShipmentIssues } from './shipment-issues';

/** JSON editor for one customs shipment: validated against the contract, then sent once per click. */
export function ShipmentEditor({ onSent }: { onSent: (message: SentMessage) => void }) {
  const { t } = useTranslation('ingestion');
  const [text, setText] = useState(() => exampleShipmentText(newExternalReference()));
  const [check, setCheck] = useState<ShipmentCheck>();
  const [lastSent, setLastSent] = useState<CustomsShipment>();
  const send = useSendShipment();

  const submit = (shipment: CustomsShipment) => {
    setLastSent(shipment);
    send.mutate(shipment, {
      onSuccess: ({ referenceId }) =>
        onSent({
          referenceId,
          externalReference: shipment.externalReference,
          direction: shipment.direction,
          messageType: shipment.messageType,
          sentAt: new Date().toISOString(),
        }),
    });
  };

  const validate = (): ShipmentCheck => {
    const result = checkShipmentText(text);
    setCheck(result);
    return result;
  };

  return (
    <Stack>
      <Textarea
        label={t('editor.label')}
        description={t('editor.description')}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setCheck(undefined);
        }}
        autosize
        minRows={12}
        maxRows={30}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      />
      <Group>
        <Button variant="default" onClick={() => void validate()}>
          {t('editor.validate')}
        </Button>
        <Button
          loading={send.isPending}
          onClick={() => {
            const result = validate();
            if (result.ok) submit(result.shipment);
          }}
        >
          {t('editor.send')}
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            setText(exampleShipmentText(newExternalReference()));
            setCheck(undefined);
            send.reset();
          }}
        >
          {t('editor.newExample')}
        </Button>
      </Group>
      {check && !check.ok && <ShipmentIssues issues={check.issues} />}
      {check?.ok && !send.isPending && !send.isError && !send.isSuccess && (
        <Alert color="green" role="status">
          {t('editor.valid')}
        </Alert>
      )}
      {send.isError && lastSent && (
        <SendFailure error={send.error} messageType={lastSent.messageType} retrying={send.isPending} onRetry={() => submit(lastSent)} />
      )}
    </Stack>
  );
}
