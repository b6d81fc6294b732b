import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { CustomsShipment } from '../../../contract/customs-shipment';
import { useSendShipment } from '../api/ingestion.mutations';
import { exampleShipmentText, newExternalReference } from '../model/example-shipment';
import type { SentMessage } from '../model/follow-up';
import { checkShipmentText, type ShipmentCheck } from '../model/shipment-text';
import { SendFailure } from './send-failure';
import { ShipmentIssues } from './shipment-issues';

/** JSON editor for one customs shipment: validated against the contract, then sent once per click. */
export function ShipmentEditor({ onSent }: { onSent: (message: SentMessage) => void }) {
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
        label="Customs shipment (JSON)"
        description="Prefilled with a valid GB import shipment and a fresh external reference. Validate runs the contract's checks in the browser."
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
          Validate
        </Button>
        <Button
          loading={send.isPending}
          onClick={() => {
            const result = validate();
            if (result.ok) submit(result.shipment);
          }}
        >
          Send
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            setText(exampleShipmentText(newExternalReference()));
            setCheck(undefined);
            send.reset();
          }}
        >
          New example
        </Button>
      </Group>
      {check && !check.ok && <ShipmentIssues issues={check.issues} />}
      {check?.ok && !send.isPending && !send.isError && !send.isSuccess && (
        <Alert color="green" role="status">
          Valid: the shipment matches the contract. The service checks its business rules after accepting it.
        </Alert>
      )}
      {send.isError && lastSent && (
        <SendFailure error={send.error} messageType={lastSent.messageType} retrying={send.isPending} onRetry={() => submit(lastSent)} />
      )}
    </Stack>
  );
}
