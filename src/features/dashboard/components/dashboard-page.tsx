import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy } from 'react';
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

const pct = (r: number | null): string => (r === null ? '–' : `${(r * 100).toFixed(1)} %`);
const mins = (m: number | null): string => (m === null ? '–' : m >= 120 ? `${(m / 60).toFixed(1)} h` : `${m} min`);
const lead = (l: LeadTime): string => `${mins(l.p50)} / ${mins(l.p90)}`;
const STATUS_WORDS: Record<string, string> = { CustomsError: 'Customs error' };

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

  return (
    <Stack>
      <div>
        <Title order={1}>Dashboard</Title>
        <Text c="dimmed">
          How the team’s days went: declarations lodged and what became of them, lead times against the targets, rejections, the waiting
          pile and who did the work. Days are UTC days; every figure opens the declarations behind it.
        </Text>
      </div>
      <DashboardFilters key={JSON.stringify(search)} search={search} onApply={onSearch} />
      {figures.isPending ? (
        <Stack aria-busy="true" aria-label="Loading the dashboard">
          <Skeleton height={80} />
          <Skeleton height={260} />
        </Stack>
      ) : figures.isError ? (
        <ProblemAlert error={figures.error} title="The dashboard could not be loaded" onRetry={() => void figures.refetch()} />
      ) : (
        d && (
          <>
            <Coverage coverage={d.coverage} />
            <Totals totals={d.totals} previous={d.previous} breaches={d.breaches} targets={d.targets} />
            <ChartSection
              title="Declarations per day by final status"
              description="By the day they were lodged (created), counted under their status now. Click a bar, or open the table, to see the declarations."
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
                caption: `Declarations lodged per day, ${d.from} to ${d.to}, by status now`,
                headers: ['Day', ...DASHBOARD_FINAL_STATUSES.map((s) => STATUS_WORDS[s] ?? s), 'Lodged'],
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
                            aria-label={`${day.byStatus[s]} ${STATUS_WORDS[s] ?? s} on ${day.day}`}
                          >
                            {day.byStatus[s]}
                          </AnchorLink>
                        ) : (
                          0
                        ),
                    })),
                    { shown: day.lodged, value: day.lodged },
                  ],
                })),
              }}
            />
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              {(['acceptance', 'release'] as const).map((which) => (
                <ChartSection
                  key={which}
                  title={which === 'acceptance' ? 'Lodgement to acceptance' : 'Lodgement to release'}
                  description={`Median and 90th percentile per day, against the target of ${which === 'acceptance' ? d.targets.acceptanceMinutes : d.targets.releaseMinutes} minutes.`}
                  chart={
                    <LeadTimeChart
                      days={d.days}
                      which={which}
                      target={which === 'acceptance' ? d.targets.acceptanceMinutes : d.targets.releaseMinutes}
                    />
                  }
                  table={{
                    caption: `${which === 'acceptance' ? 'Lodgement to acceptance' : 'Lodgement to release'} per day, minutes`,
                    headers: ['Day', 'Measured', 'p50 (minutes)', 'p90 (minutes)'],
                    fileName: `${which}-lead-time-${d.from}-${d.to}.csv`,
                    rows: d.days.map((day) => ({
                      key: day.day,
                      cells: [
                        { shown: day.day, value: day.day },
                        { shown: day[which].count, value: day[which].count },
                        { shown: mins(day[which].p50), value: day[which].p50 },
                        { shown: mins(day[which].p90), value: day[which].p90 },
                      ],
                    })),
                  }}
                />
              ))}
              <ChartSection
                title="Rejection rate"
                description="Of the declarations lodged each day, the share that was Invalid or rejected by customs (Customs error) at least once."
                chart={<RejectionChart days={d.days} />}
                table={{
                  caption: 'Rejections per day',
                  headers: ['Day', 'Lodged', 'Rejected', 'Rate'],
                  fileName: `rejection-rate-${d.from}-${d.to}.csv`,
                  rows: d.days.map((day) => ({
                    key: day.day,
                    cells: [
                      { shown: day.day, value: day.day },
                      { shown: day.lodged, value: day.lodged },
                      {
                        shown:
                          day.rejected > 0 ? (
                            <AnchorLink to="/declarations" search={toSearch({ from: day.day, to: day.day }, ['Invalid', 'CustomsError'])}>
                              {day.rejected}
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
                title="Top error codes"
                description="The review desk’s codes on declarations rejected in the range, by day of rejection."
                chart={<ErrorCodesChart errorCodes={d.errorCodes} />}
                table={{
                  caption: 'Error codes and the declarations that have them',
                  headers: ['Error code', 'Declarations'],
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
                      { shown: c.declarations, value: c.declarations },
                    ],
                  })),
                }}
              />
              <ChartSection
                title="Backlog by status and age"
                description="Declarations waiting now, by how long they have been in their status."
                chart={
                  <BacklogChart
                    backlog={d.backlog}
                    statuses={BACKLOG_STATUSES}
                    onDrill={(status) => void navigate({ to: '/declarations', search: toSearch({}, [status]) })}
                  />
                }
                table={{
                  caption: 'Declarations waiting, by status and age in that status',
                  headers: ['Status', ...BACKLOG_BUCKETS.map((b) => b.label), 'All'],
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
                              {STATUS_WORDS[status] ?? status}
                            </AnchorLink>
                          ),
                          value: status,
                        },
                        ...counts.map((n) => ({ shown: n, value: n })),
                        { shown: all, value: all },
                      ],
                    };
                  }),
                }}
              />
              <ChartSection
                title="Throughput per person"
                description="Changes each person sent through the console in the range that the service accepted (the audit log)."
                chart={<ThroughputChart throughput={d.throughput} />}
                table={{
                  caption: 'Writes per person',
                  headers: ['Person', 'Writes'],
                  fileName: `throughput-${d.from}-${d.to}.csv`,
                  rows: d.throughput.map((p) => ({
                    key: p.name,
                    cells: [
                      { shown: p.name, value: p.name },
                      { shown: p.writes, value: p.writes },
                    ],
                  })),
                }}
              />
            </SimpleGrid>
            <Paper withBorder p="md" component="section" aria-labelledby="sla-targets-title">
              <Title order={2} size="h4" id="sla-targets-title" mb="sm">
                Service-level targets
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
  if (coverage.backfilledAt === null)
    return (
      <Alert color="yellow" title="History not read yet">
        The console has not yet read the declarations from before it followed the service’s events; the figures cover what it has received
        since.
      </Alert>
    );
  if (coverage.backfilled === 0) return null;
  return (
    <Alert color="blue" title="Some figures are partial">
      {coverage.backfilled} of {coverage.declarations} declarations are known from the service’s search only (from before this console
      followed its events): their lead times use the creation, acceptance and last-change times and earlier rejections are not counted
      (their office is read once after the search).
    </Alert>
  );
}

function Totals({
  totals,
  previous,
  breaches,
  targets,
}: Pick<Dashboard, 'totals' | 'previous' | 'breaches' | 'targets'> & { totals: DashboardTotals }) {
  const cards: { label: string; now: string; before?: string }[] = [
    { label: 'Lodged', now: String(totals.lodged), before: previous ? String(previous.lodged) : undefined },
    { label: 'Accepted', now: String(totals.accepted), before: previous ? String(previous.accepted) : undefined },
    { label: 'Released', now: String(totals.released), before: previous ? String(previous.released) : undefined },
    { label: 'Rejection rate', now: pct(totals.rejectionRate), before: previous ? pct(previous.rejectionRate) : undefined },
    { label: 'Acceptance p50 / p90', now: lead(totals.acceptance), before: previous ? lead(previous.acceptance) : undefined },
    { label: 'Release p50 / p90', now: lead(totals.release), before: previous ? lead(previous.release) : undefined },
    { label: `Acceptance over ${targets.acceptanceMinutes} min`, now: String(breaches.acceptance) },
    { label: `Release over ${targets.releaseMinutes} min`, now: String(breaches.release) },
    { label: `Fixes over ${mins(targets.fixInvalidMinutes)}`, now: String(breaches.fix) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} component="dl" aria-label="Totals">
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
              Previous period: {c.before}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
