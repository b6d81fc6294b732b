import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ActionIcon, Alert, Badge, Card, Code, CopyButton, Group, List, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { LiveEvent } from '../../../contract/live';
import { DeclarationLink } from '../../../components/declaration-link';
import { declarationsFor, shipmentInformationFor, type SentMessage } from '../model/follow-up';
import { formatTime } from '../../../lib/format';

/** One sent message and what followed it, live. */
export function SentMessageCard({ message, events, headingId }: { message: SentMessage; events: readonly LiveEvent[]; headingId: string }) {
  const { t } = useTranslation('ingestion');
  const information = shipmentInformationFor(events, message.referenceId);
  const declarations = declarationsFor(events, message.externalReference);
  const waiting = information.length === 0 && declarations.length === 0;

  return (
    <Card withBorder data-testid="sent-message">
      <Stack gap="xs">
        <Title order={3} size="h4" id={headingId}>
          {message.externalReference}{' '}
          <Text span c="dimmed" size="sm">
            {t('sent.details', { direction: message.direction, messageType: message.messageType, time: formatTime(message.sentAt) })}
          </Text>
        </Title>
        <Group gap="xs">
          <Text>{t('sent.acceptedWith')}</Text>
          <Code data-testid="reference-id">{message.referenceId}</Code>
          <CopyButton value={message.referenceId}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('sent.copied') : t('sent.copy')}>
                <ActionIcon
                  variant="subtle"
                  onClick={copy}
                  aria-label={copied ? t('sent.copied') : t('sent.copyId', { referenceId: message.referenceId })}
                >
                  {/* Icons, not the ⧉ character, which many system fonts lack (it showed as an empty box). */}
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <div aria-live="polite">
          {waiting && <Text c="dimmed">{t('sent.waiting')}</Text>}
          {information.map((info) => (
            <Alert
              key={info.eventId}
              color={info.errorDescriptions.length > 0 || info.subType.endsWith('Unsuccessful') ? 'red' : 'gray'}
              title={info.subType}
              mb="xs"
            >
              {info.errorDescriptions.length > 0 ? (
                <List size="sm">
                  {info.errorDescriptions.map((d) => (
                    <List.Item key={d}>{d}</List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm">{t('sent.reportedAt', { time: formatTime(info.eventTime) })}</Text>
              )}
            </Alert>
          ))}
          {declarations.length > 0 && (
            <List aria-label={t('sent.declarationsOf', { reference: message.externalReference })}>
              {declarations.map((d) => (
                <List.Item key={d.declarationId}>
                  <DeclarationLink declarationId={d.declarationId} lrn={d.lrn} prefix={t('sent.declarationPrefix')} />{' '}
                  {d.lrn && d.customsFlowStep && (
                    <Text span size="sm" c="dimmed">
                      {d.customsFlowStep}{' '}
                    </Text>
                  )}
                  <Badge variant="outline" color="gray" tt="none" style={{ color: 'var(--mantine-color-dark-7)' }}>
                    {d.status}
                  </Badge>
                </List.Item>
              ))}
            </List>
          )}
        </div>
      </Stack>
    </Card>
  );
}
