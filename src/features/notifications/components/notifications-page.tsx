import { Badge, Button, Group, SegmentedControl, Skeleton, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from '../../../lib/i18n/message-keys';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { AlertRule, Notification } from '../../../contract/alerts';
import type { Role } from '../../../contract/user-claims';
import { DeclarationLink } from '../../../components/declaration-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatDateTime, formatQuantity } from '../../../lib/format';
import { useDeleteAlertRule, useMarkRead, useToggleAlertRule } from '../api/notifications.mutations';
import { alertRulesQueryOptions, notificationsQueryOptions, sentEmailsQueryOptions } from '../api/notifications.queries';
import { AlertRuleForm } from './alert-rule-form';

function Deliveries({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notifications');
  if (notification.deliveries.length === 0) return <Text size="sm">{t('channels.console')}</Text>;
  return (
    <Stack gap={2}>
      {notification.deliveries.map((d) => (
        <Text key={d.id} size="sm">
          {t(`channels.${d.channel}`)} {d.channel === 'email' ? d.destination : ''}:{' '}
          <Text span size="sm" fw={700}>
            {t(`deliveryStatus.${d.status}`)}
          </Text>
          {d.lastError ? ` (${d.lastError})` : ''}
        </Text>
      ))}
    </Stack>
  );
}

function NotificationList() {
  const { t } = useTranslation('notifications');
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const list = useQuery(notificationsQueryOptions(filter));
  const markRead = useMarkRead();
  return (
    <Stack component="section" aria-labelledby="notifications-heading">
      <Title order={2} size="h3" id="notifications-heading">
        {t('list.heading')}
      </Title>
      <Group justify="space-between">
        <SegmentedControl
          aria-label={t('list.show')}
          value={filter}
          onChange={(v) => setFilter(v === 'unread' ? 'unread' : 'all')}
          data={[
            { value: 'all', label: t('list.all') },
            { value: 'unread', label: list.data ? t('list.unreadCount', { count: formatQuantity(list.data.unread) }) : t('list.unread') },
          ]}
        />
        <Button
          variant="default"
          onClick={() => markRead.mutate('all')}
          disabled={!list.data || list.data.unread === 0}
          loading={markRead.isPending}
        >
          {t('list.markAll')}
        </Button>
      </Group>
      {list.isPending ? (
        <Skeleton height={64} aria-label={t('list.loading')} />
      ) : list.isError ? (
        <ProblemAlert error={list.error} title={t('list.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.notifications.length === 0 ? (
        <Text c="dimmed">{filter === 'unread' ? t('list.emptyUnread') : t('list.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.what')}</Table.Th>
                <Table.Th>{t('list.declaration')}</Table.Th>
                <Table.Th>{t('list.when')}</Table.Th>
                <Table.Th>{t('list.rule')}</Table.Th>
                <Table.Th>{t('list.sent')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('list.read')}</VisuallyHidden>
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
                        {t('list.new')}
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
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => markRead.mutate([n.id])}
                        aria-label={t('list.markReadLabel', { title: n.title })}
                      >
                        {t('list.markRead')}
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
  const { t } = useTranslation('notifications');
  const emails = useQuery(sentEmailsQueryOptions());
  return (
    <Stack component="section" aria-labelledby="sent-emails-heading">
      <Title order={2} size="h3" id="sent-emails-heading">
        {t('emails.heading')}
      </Title>
      {emails.isPending ? (
        <Skeleton height={48} aria-label={t('emails.loading')} />
      ) : emails.isError ? (
        <ProblemAlert error={emails.error} title={t('emails.loadFailed')} onRetry={() => void emails.refetch()} />
      ) : emails.data.emails.length === 0 ? (
        <Text c="dimmed">{t('emails.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('emails.to')}</Table.Th>
                <Table.Th>{t('emails.subject')}</Table.Th>
                <Table.Th>{t('emails.outcome')}</Table.Th>
                <Table.Th>{t('emails.sent')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {emails.data.emails.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{e.to}</Table.Td>
                  <Table.Td>{e.subject}</Table.Td>
                  <Table.Td>
                    <Text span size="sm" fw={700}>
                      {t(`deliveryStatus.${e.status}`)}
                    </Text>{' '}
                    {e.lastError ?? ''} {e.attempts > 1 ? t('emails.attempts', { count: e.attempts }) : ''}
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

/** What a rule listens to: the event type and subtypes (the service's names), then its narrowing fields in words. */
const describeRule = (rule: AlertRule, t: TFunction<'notifications'>): string =>
  [
    `${rule.eventType}${rule.eventSubTypes.length > 0 ? ` / ${rule.eventSubTypes.join(', ')}` : ''}`,
    rule.customsFlow && t('rules.flow', { value: rule.customsFlow }),
    rule.jurisdiction && t('rules.jurisdiction', { value: rule.jurisdiction }),
    rule.office && t('rules.office', { value: rule.office }),
    rule.direction && t('rules.direction', { value: rule.direction }),
  ]
    .filter(Boolean)
    .join('; ');

function AlertRules({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('notifications');
  const supervisor = roles.includes('supervisor');
  const rules = useQuery(alertRulesQueryOptions());
  const toggle = useToggleAlertRule();
  const remove = useDeleteAlertRule();
  const mayManage = (rule: AlertRule) => rule.scope === 'personal' || supervisor;
  return (
    <Stack component="section" aria-labelledby="alert-rules-heading">
      <Title order={2} size="h3" id="alert-rules-heading">
        {t('rules.heading')}
      </Title>
      {rules.isPending ? (
        <Skeleton height={48} aria-label={t('rules.loading')} />
      ) : rules.isError ? (
        <ProblemAlert error={rules.error} title={t('rules.loadFailed')} onRetry={() => void rules.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('rules.rule')}</Table.Th>
                <Table.Th>{t('rules.events')}</Table.Th>
                <Table.Th>{t('rules.who')}</Table.Th>
                <Table.Th>{t('rules.channels')}</Table.Th>
                <Table.Th>{t('rules.on')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('rules.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.data.rules.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Td>{rule.name}</Table.Td>
                  <Table.Td>{describeRule(rule, t)}</Table.Td>
                  <Table.Td>{recipientLabel(rule, t)}</Table.Td>
                  <Table.Td>
                    {rule.channels.map((c) => t(`channels.${c}`)).join(', ')}
                    {rule.digest && ` ${t('rules.digest')}`}
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={t('rules.switchLabel', { name: rule.name })}
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
                        aria-label={t('rules.deleteLabel', { name: rule.name })}
                      >
                        {t('rules.delete')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(toggle.isError || remove.isError) && <ProblemAlert error={toggle.error ?? remove.error} title={t('rules.changeFailed')} />}
      <AlertRuleForm supervisor={supervisor} />
    </Stack>
  );
}

/** /notifications: the user's alerts (read and unread, each linking to its declaration), the e-mails sent (supervisors), and the alert rules. */
export function NotificationsPage({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('notifications');
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </div>
      <NotificationList />
      {roles.includes('supervisor') && <SentEmails />}
      <AlertRules roles={roles} />
    </Stack>
  );
}

/** Who a rule alerts, as the rules table says it. */
function recipientLabel(rule: AlertRule, t: TFunction<'notifications'>): string {
  const who =
    rule.scope === 'personal'
      ? t('recipients.me')
      : rule.recipient.kind === 'role'
        ? t(`recipients.role.${rule.recipient.role}`)
        : rule.recipient.kind === 'owner'
          ? t('recipients.owner')
          : rule.recipient.sub;
  return rule.mineOnly ? t('recipients.mineOnly', { who }) : who;
}
