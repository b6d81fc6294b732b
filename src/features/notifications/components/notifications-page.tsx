import { Badge, Button, Group, SegmentedControl, Skeleton, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AlertRule, Notification } from '../../../contract/alerts';
import type { Role } from '../../../contract/user-claims';
import { DeclarationLink } from '../../../components/declaration-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatDateTime } from '../../../lib/format';
import { useDeleteAlertRule, useMarkRead, useToggleAlertRule } from '../api/notifications.mutations';
import { alertRulesQueryOptions, notificationsQueryOptions, sentEmailsQueryOptions } from '../api/notifications.queries';
import { CHANNEL_LABELS } from '../model/rule-form';
import { AlertRuleForm } from './alert-rule-form';

function Deliveries({ notification }: { notification: Notification }) {
  if (notification.deliveries.length === 0) return <Text size="sm">Console</Text>;
  return (
    <Stack gap={2}>
      {notification.deliveries.map((d) => (
        <Text key={d.id} size="sm">
          {CHANNEL_LABELS[d.channel]} {d.channel === 'email' ? d.destination : ''}:{' '}
          <Text span size="sm" fw={700}>
            {d.status}
          </Text>
          {d.lastError ? ` (${d.lastError})` : ''}
        </Text>
      ))}
    </Stack>
  );
}

function NotificationList() {
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const list = useQuery(notificationsQueryOptions(filter));
  const markRead = useMarkRead();
  return (
    <Stack component="section" aria-labelledby="notifications-heading">
      <Title order={2} size="h3" id="notifications-heading">
        Your notifications
      </Title>
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(v) => setFilter(v === 'unread' ? 'unread' : 'all')}
          data={[
            { value: 'all', label: 'All' },
            { value: 'unread', label: `Unread${list.data ? ` (${list.data.unread})` : ''}` },
          ]}
        />
        <Button
          variant="default"
          onClick={() => markRead.mutate('all')}
          disabled={!list.data || list.data.unread === 0}
          loading={markRead.isPending}
        >
          Mark all read
        </Button>
      </Group>
      {list.isPending ? (
        <Skeleton height={64} aria-label="Loading notifications" />
      ) : list.isError ? (
        <ProblemAlert error={list.error} title="The notifications could not be loaded" onRetry={() => void list.refetch()} />
      ) : list.data.notifications.length === 0 ? (
        <Text c="dimmed">
          {filter === 'unread' ? 'Nothing unread.' : 'No notifications yet. Your rules and the team’s decide what arrives here.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>What happened</Table.Th>
                <Table.Th>Declaration</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Rule</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Read</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.notifications.map((n) => (
                <Table.Tr key={n.id} data-unread={!n.read || undefined}>
                  <Table.Td fw={n.read ? undefined : 700}>
                    {n.read ? (
                      ''
                    ) : (
                      <Badge size="xs" mr={6}>
                        New
                      </Badge>
                    )}
                    {n.title}
                  </Table.Td>
                  <Table.Td>{n.declarationId ? <DeclarationLink declarationId={n.declarationId} lrn={n.lrn} /> : '—'}</Table.Td>
                  <Table.Td>{formatDateTime(n.eventTime)}</Table.Td>
                  <Table.Td>{n.ruleName}</Table.Td>
                  <Table.Td>
                    <Deliveries notification={n} />
                  </Table.Td>
                  <Table.Td>
                    {!n.read && (
                      <Button size="xs" variant="subtle" onClick={() => markRead.mutate([n.id])} aria-label={`Mark “${n.title}” read`}>
                        Mark read
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function SentEmails() {
  const emails = useQuery(sentEmailsQueryOptions());
  return (
    <Stack component="section" aria-labelledby="sent-emails-heading">
      <Title order={2} size="h3" id="sent-emails-heading">
        Sent e-mails
      </Title>
      {emails.isPending ? (
        <Skeleton height={48} aria-label="Loading sent e-mails" />
      ) : emails.isError ? (
        <ProblemAlert error={emails.error} title="The sent e-mails could not be loaded" onRetry={() => void emails.refetch()} />
      ) : emails.data.emails.length === 0 ? (
        <Text c="dimmed">No e-mail sent yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>To</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Sent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {emails.data.emails.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{e.to}</Table.Td>
                  <Table.Td>{e.subject}</Table.Td>
                  <Table.Td>
                    <Text span size="sm" fw={700}>
                      {e.status}
                    </Text>{' '}
                    {e.lastError ?? ''} {e.attempts > 1 ? `(${e.attempts} attempts)` : ''}
                  </Table.Td>
                  <Table.Td>{e.sentAt ? formatDateTime(e.sentAt) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const describeRule = (rule: AlertRule): string =>
  [
    `${rule.eventType}${rule.eventSubTypes.length > 0 ? ` / ${rule.eventSubTypes.join(', ')}` : ''}`,
    rule.customsFlow && `flow ${rule.customsFlow}`,
    rule.jurisdiction && `jurisdiction ${rule.jurisdiction}`,
    rule.office && `office ${rule.office}`,
    rule.direction && `direction ${rule.direction}`,
  ]
    .filter(Boolean)
    .join('; ');

function AlertRules({ roles }: { roles: readonly Role[] }) {
  const supervisor = roles.includes('supervisor');
  const rules = useQuery(alertRulesQueryOptions());
  const toggle = useToggleAlertRule();
  const remove = useDeleteAlertRule();
  const mayManage = (rule: AlertRule) => rule.scope === 'personal' || supervisor;
  return (
    <Stack component="section" aria-labelledby="alert-rules-heading">
      <Title order={2} size="h3" id="alert-rules-heading">
        Alert rules
      </Title>
      {rules.isPending ? (
        <Skeleton height={48} aria-label="Loading alert rules" />
      ) : rules.isError ? (
        <ProblemAlert error={rules.error} title="The alert rules could not be loaded" onRetry={() => void rules.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rule</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Channels</Table.Th>
                <Table.Th>On</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.data.rules.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Td>{rule.name}</Table.Td>
                  <Table.Td>{describeRule(rule)}</Table.Td>
                  <Table.Td>{recipientLabel(rule)}</Table.Td>
                  <Table.Td>
                    {rule.channels.map((c) => CHANNEL_LABELS[c]).join(', ')}
                    {rule.digest && ' (e-mail as a daily digest)'}
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Rule “${rule.name}” on`}
                      checked={rule.enabled}
                      disabled={!mayManage(rule)}
                      onChange={(e) => toggle.mutate({ id: rule.id, enabled: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    {mayManage(rule) && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => remove.mutate(rule.id)}
                        aria-label={`Delete rule “${rule.name}”`}
                      >
                        Delete
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(toggle.isError || remove.isError) && <ProblemAlert error={toggle.error ?? remove.error} title="The rule was not changed" />}
      <AlertRuleForm supervisor={supervisor} />
    </Stack>
  );
}

/** /notifications: the user's alerts (read and unread, each linking to its declaration), the e-mails sent (supervisors), and the alert rules. */
export function NotificationsPage({ roles }: { roles: readonly Role[] }) {
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Notifications</Title>
        <Text c="dimmed">Alerts from your rules and the team’s: what needs you, as it happens.</Text>
      </div>
      <NotificationList />
      {roles.includes('supervisor') && <SentEmails />}
      <AlertRules roles={roles} />
    </Stack>
  );
}

/** Who a rule alerts, as the rules table says it. */
function recipientLabel(rule: AlertRule): string {
  const who =
    rule.scope === 'personal'
      ? 'Me'
      : rule.recipient.kind === 'role'
        ? `Every ${rule.recipient.role}`
        : rule.recipient.kind === 'owner'
          ? 'The declaration’s owner'
          : rule.recipient.sub;
  return rule.mineOnly ? `${who} (own declarations only)` : who;
}
