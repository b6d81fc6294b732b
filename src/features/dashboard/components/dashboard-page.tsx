import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { TFunction } from '../../../lib/i18n/message-keys';
import { lazy } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  BACKLOG_BUCKETS,
  BACKLOG_STATUSES,
  DASHBOARD_FINAL_STATUSES,
  type Dashboard,
  type DashboardQuery,
  type DashboardTotals,
  type LeadTime,
} from '../../../contract/dashboard';
import { isAllowed } from '../../../contract/operations';
import type { Role } from '../../../contract/user-claims';
import { AnchorLink } from '../../../components/anchor-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatQuantity } from '../../../lib/format';
import { dashboardQueryOptions } from '../api/dashboard.queries';
import { drillDown, type DashboardSearch } from '../model/dashboard-search';
import { ChartSection } from './chart-section';
import { DashboardFilters } from './dashboard-filters';
import { SlaTargetsForm } from './sla-targets-form';

const charts = () => import('./dashboard-charts');
const StatusChart = lazy(() => charts().then((m) => ({ default: m.StatusChart })));
const LeadTimeChart = lazy(() => charts().then((m) => ({ default: m.LeadTimeChart })));
const RejectionChart = lazy(() => charts().then((m) => ({ default: m.RejectionChart })));
const ErrorCodesChart = lazy(() => charts().then((m) => ({ default: m.ErrorCodesChart })));
const BacklogChart = lazy(() => charts().then((m) => ({ default: m.BacklogChart })));
const ThroughputChart = lazy(() => charts().then((m) => ({ default: m.ThroughputChart })));

type T = TFunction<'dashboard'>;
const pct = (r: number | null): string => (r === null ? '–' : `${formatQuantity(Math.round(r * 1000) / 10)} %`);
const mins = (t: T, m: number | null): string =>
  m === null
    ? '–'
    : m >= 120
      ? t('units.hours', { value: formatQuantity(Math.round(m / 6) / 10) })
      : t('units.minutes', { value: formatQuantity(m) });
const lead = (t: T, l: LeadTime): string => `${mins(t, l.p50)} / ${mins(t, l.p90)}`;
const count = (n: number): string => formatQuantity(n);
/** The two lead times the dashboard draws (keys of each day's figures and of the catalog's leadTime.*). */
const LEAD_TIMES = ['acceptance', 'release'] as const;

/** /dashboard: how the team's days went, with drill-down to the declarations behind each figure. */
export function DashboardPage({
  search,
  query,
  roles,
  onSearch,
}: {
  search: DashboardSearch;
  query: DashboardQuery;
  roles: readonly Role[];
  onSearch: (next: DashboardSearch) => void;
}) {
  const figures = useQuery(dashboardQueryOptions(query));
  const navigate = useNavigate();
  const toSearch = (days: { from?: string; to?: string }, statuses?: readonly string[]) => drillDown(query, days, statuses);
  const d = figures.data;
  const { t } = useTranslation('dashboard');

  return (
    <Stack>
      <div>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </div>
      <DashboardFilters key={JSON.stringify(search)} search={search} onApply={onSearch} />
      {figures.isPending ? (
        <Stack aria-busy="true" aria-label={t('page.loading')}>
          <Skeleton height={80} />
          <Skeleton height={260} />
        </Stack>
      ) : figures.isError ? (
        <ProblemAlert error={figures.error} title={t('page.loadFailed')} onRetry={() => void figures.refetch()} />
      ) : (
        d && (
          <>
            <Coverage coverage={d.coverage} />
            <Totals totals={d.totals} previous={d.previous} breaches={d.breaches} targets={d.targets} />
            <ChartSection
              title={t('byStatus.title')}
              description={t('byStatus.description')}
              chart={
                <StatusChart
                  days={d.days}
                  onDrill={(day, status) =>
                    void navigate({
                      to: '/declarations',
                      search: toSearch({ from: day, to: day }, status === 'Other' ? undefined : [status]),
                    })
                  }
                />
              }
              table={{
                caption: t('byStatus.caption', { from: d.from, to: d.to }),
                headers: [t('columns.day'), ...DASHBOARD_FINAL_STATUSES.map((s) => t(`statuses.${s}`)), t('columns.lodged')],
                fileName: `declarations-per-day-${d.from}-${d.to}.csv`,
                rows: d.days.map((day) => ({
                  key: day.day,
                  cells: [
                    { shown: day.day, value: day.day },
                    ...DASHBOARD_FINAL_STATUSES.map((s) => ({
                      value: day.byStatus[s],
                      shown:
                        day.byStatus[s] > 0 ? (
                          <AnchorLink
                            to="/declarations"
                            search={toSearch({ from: day.day, to: day.day }, s === 'Other' ? undefined : [s])}
                            aria-label={t('byStatus.cell', { count: count(day.byStatus[s]), status: t(`statuses.${s}`), day: day.day })}
                          >
                            {count(day.byStatus[s])}
                          </AnchorLink>
                        ) : (
                          0
                        ),
                    })),
                    { shown: count(day.lodged), value: day.lodged },
                  ],
                })),
              }}
            />
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              {LEAD_TIMES.map((which) => (
                <ChartSection
                  key={which}
                  title={t(`leadTime.${which}`)}
                  description={t('leadTime.description', {
                    minutes: count(which === 'acceptance' ? d.targets.acceptanceMinutes : d.targets.releaseMinutes),
                  })}
                  chart={
                    <LeadTimeChart
                      days={d.days}
                      which={which}
                      target={which === 'acceptance' ? d.targets.acceptanceMinutes : d.targets.releaseMinutes}
                    />
                  }
                  table={{
                    caption: t('leadTime.caption', { title: t(`leadTime.${which}`) }),
                    headers: [t('columns.day'), t('columns.measured'), t('columns.p50'), t('columns.p90')],
                    fileName: `${which}-lead-time-${d.from}-${d.to}.csv`,
                    rows: d.days.map((day) => ({
                      key: day.day,
                      cells: [
                        { shown: day.day, value: day.day },
                        { shown: count(day[which].count), value: day[which].count },
                        { shown: mins(t, day[which].p50), value: day[which].p50 },
                        { shown: mins(t, day[which].p90), value: day[which].p90 },
                      ],
                    })),
                  }}
                />
              ))}
              <ChartSection
                title={t('rejection.title')}
                description={t('rejection.description')}
                chart={<RejectionChart days={d.days} />}
                table={{
                  caption: t('rejection.caption'),
                  headers: [t('columns.day'), t('columns.lodged'), t('columns.rejected'), t('columns.rate')],
                  fileName: `rejection-rate-${d.from}-${d.to}.csv`,
                  rows: d.days.map((day) => ({
                    key: day.day,
                    cells: [
                      { shown: day.day, value: day.day },
                      { shown: count(day.lodged), value: day.lodged },
                      {
                        shown:
                          day.rejected > 0 ? (
                            <AnchorLink to="/declarations" search={toSearch({ from: day.day, to: day.day }, ['Invalid', 'CustomsError'])}>
                              {count(day.rejected)}
                            </AnchorLink>
                          ) : (
                            0
                          ),
                        value: day.rejected,
                      },
                      { shown: pct(day.rejectionRate), value: day.rejectionRate },
                    ],
                  })),
                }}
              />
              <ChartSection
                title={t('errorCodes.title')}
                description={t('errorCodes.description')}
                chart={<ErrorCodesChart errorCodes={d.errorCodes} />}
                table={{
                  caption: t('errorCodes.caption'),
                  headers: [t('columns.errorCode'), t('columns.declarations')],
                  fileName: `error-codes-${d.from}-${d.to}.csv`,
                  rows: d.errorCodes.codes.map((c) => ({
                    key: c.errorCode,
                    cells: [
                      {
                        shown: isAllowed(roles, 'GET /api/review') ? (
                          <AnchorLink to="/review" search={{ code: c.errorCode }}>
                            {c.errorCode}
                          </AnchorLink>
                        ) : (
                          c.errorCode
                        ),
                        value: c.errorCode,
                      },
                      { shown: count(c.declarations), value: c.declarations },
                    ],
                  })),
                }}
              />
              <ChartSection
                title={t('backlog.title')}
                description={t('backlog.description')}
                chart={
                  <BacklogChart
                    backlog={d.backlog}
                    statuses={BACKLOG_STATUSES}
                    onDrill={(status) => void navigate({ to: '/declarations', search: toSearch({}, [status]) })}
                  />
                }
                table={{
                  caption: t('backlog.caption'),
                  headers: [t('columns.status'), ...BACKLOG_BUCKETS.map((b) => t(`buckets.${b.key}`)), t('columns.all')],
                  fileName: 'backlog.csv',
                  rows: BACKLOG_STATUSES.map((status) => {
                    const counts = BACKLOG_BUCKETS.map((b) => d.backlog.find((x) => x.status === status && x.bucket === b.key)?.count ?? 0);
                    const all = counts.reduce((a, b) => a + b, 0);
                    return {
                      key: status,
                      cells: [
                        {
                          shown: (
                            <AnchorLink to="/declarations" search={toSearch({}, [status])}>
                              {t(`statuses.${status}`)}
                            </AnchorLink>
                          ),
                          value: status,
                        },
                        ...counts.map((n) => ({ shown: count(n), value: n })),
                        { shown: count(all), value: all },
                      ],
                    };
                  }),
                }}
              />
              <ChartSection
                title={t('throughput.title')}
                description={t('throughput.description')}
                chart={<ThroughputChart throughput={d.throughput} />}
                table={{
                  caption: t('throughput.caption'),
                  headers: [t('columns.person'), t('columns.writes')],
                  fileName: `throughput-${d.from}-${d.to}.csv`,
                  rows: d.throughput.map((p) => ({
                    key: p.name,
                    cells: [
                      { shown: p.name, value: p.name },
                      { shown: count(p.writes), value: p.writes },
                    ],
                  })),
                }}
              />
            </SimpleGrid>
            <Paper withBorder p="md" component="section" aria-labelledby="sla-targets-title">
              <Title order={2} size="h4" id="sla-targets-title" mb="sm">
                {t('page.slaHeading')}
              </Title>
              <SlaTargetsForm key={JSON.stringify(d.targets)} targets={d.targets} editable={isAllowed(roles, 'PUT /api/sla-targets')} />
            </Paper>
          </>
        )
      )}
    </Stack>
  );
}

function Coverage({ coverage }: { coverage: Dashboard['coverage'] }) {
  const { t } = useTranslation('dashboard');
  if (coverage.backfilledAt === null)
    return (
      <Alert color="yellow" title={t('coverage.notReadTitle')}>
        {t('coverage.notReadText')}
      </Alert>
    );
  if (coverage.backfilled === 0) return null;
  return (
    <Alert color="blue" title={t('coverage.partialTitle')}>
      {t('coverage.partialText', { backfilled: count(coverage.backfilled), declarations: count(coverage.declarations) })}
    </Alert>
  );
}

function Totals({
  totals,
  previous,
  breaches,
  targets,
}: Pick<Dashboard, 'totals' | 'previous' | 'breaches' | 'targets'> & { totals: DashboardTotals }) {
  const { t } = useTranslation('dashboard');
  const cards: { label: string; now: string; before?: string }[] = [
    { label: t('totals.lodged'), now: count(totals.lodged), before: previous ? count(previous.lodged) : undefined },
    { label: t('totals.accepted'), now: count(totals.accepted), before: previous ? count(previous.accepted) : undefined },
    { label: t('totals.released'), now: count(totals.released), before: previous ? count(previous.released) : undefined },
    { label: t('totals.rejectionRate'), now: pct(totals.rejectionRate), before: previous ? pct(previous.rejectionRate) : undefined },
    { label: t('totals.acceptance'), now: lead(t, totals.acceptance), before: previous ? lead(t, previous.acceptance) : undefined },
    { label: t('totals.release'), now: lead(t, totals.release), before: previous ? lead(t, previous.release) : undefined },
    { label: t('totals.acceptanceOver', { minutes: count(targets.acceptanceMinutes) }), now: count(breaches.acceptance) },
    { label: t('totals.releaseOver', { minutes: count(targets.releaseMinutes) }), now: count(breaches.release) },
    { label: t('totals.fixesOver', { span: mins(t, targets.fixInvalidMinutes) }), now: count(breaches.fix) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} component="dl" aria-label={t('totals.label')}>
      {cards.map((c) => (
        <Paper key={c.label} withBorder p="sm">
          <Text component="dt" size="sm" c="dimmed">
            {c.label}
          </Text>
          <Text component="dd" m={0} fw={700} size="lg">
            {c.now}
          </Text>
          {c.before !== undefined && (
            <Text component="dd" m={0} size="xs" c="dimmed">
              {t('totals.previous', { value: c.before })}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
