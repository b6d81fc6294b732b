import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { BACKLOG_BUCKETS, DASHBOARD_FINAL_STATUSES, type Dashboard, type DashboardFinalStatus } from '../../../contract/dashboard';
import { formatQuantity } from '../../../lib/format';

/**
 * The dashboard's charts, in a chunk of their own (recharts is large): the page loads it after
 * its first screen. Each chart has a table beside it for screen readers and keyboard users, so the
 * charts themselves are pictures of the tables.
 */

export const STATUS_COLORS: Record<DashboardFinalStatus, string> = {
  Released: 'green.6',
  Accepted: 'teal.5',
  Submitted: 'indigo.5',
  Validated: 'blue.4',
  Invalid: 'orange.6',
  CustomsError: 'red.7',
  Other: 'gray.5',
};
const PALETTE = ['blue.6', 'orange.6', 'grape.6', 'teal.6', 'red.6', 'yellow.6', 'cyan.6', 'pink.6'];
const shortDay = (day: string): string => day.slice(5);
const H = 260;
/** Not focusable: the chart is a picture of the table beside it, which keyboard and screen reader users read instead. */
const PICTURE = { accessibilityLayer: false, tabIndex: -1 };

export function StatusChart({ days, onDrill }: { days: Dashboard['days']; onDrill: (day: string, status: DashboardFinalStatus) => void }) {
  const { t } = useTranslation('dashboard');
  const data = days.map((d) => ({ day: shortDay(d.day), ...d.byStatus }));
  return (
    <BarChart
      barChartProps={PICTURE}
      h={H}
      data={data}
      dataKey="day"
      type="stacked"
      withLegend
      series={DASHBOARD_FINAL_STATUSES.map((s) => ({ name: s, label: t(`statuses.${s}`), color: STATUS_COLORS[s] }))}
      barProps={(series) => ({
        cursor: 'pointer',
        onClick: (_item: unknown, index: number) => {
          const d = days[index];
          const status = DASHBOARD_FINAL_STATUSES.find((s) => s === series.name);
          if (d && status) onDrill(d.day, status);
        },
      })}
    />
  );
}

export function LeadTimeChart({ days, which, target }: { days: Dashboard['days']; which: 'acceptance' | 'release'; target: number }) {
  const { t } = useTranslation('dashboard');
  const data = days.map((d) => ({ day: shortDay(d.day), p50: d[which].p50, p90: d[which].p90 }));
  return (
    <LineChart
      lineChartProps={PICTURE}
      h={H}
      data={data}
      dataKey="day"
      unit={t('units.chartMinutes')}
      connectNulls
      withLegend
      series={[
        { name: 'p50', label: t('leadTime.median'), color: 'blue.6' },
        { name: 'p90', label: t('leadTime.p90'), color: 'grape.6' },
      ]}
      referenceLines={[{ y: target, label: t('leadTime.target', { minutes: formatQuantity(target) }), color: 'red.6' }]}
    />
  );
}

export function RejectionChart({ days }: { days: Dashboard['days'] }) {
  const { t } = useTranslation('dashboard');
  const data = days.map((d) => ({ day: shortDay(d.day), rate: d.rejectionRate === null ? null : Math.round(d.rejectionRate * 1000) / 10 }));
  return (
    <LineChart
      lineChartProps={PICTURE}
      h={H}
      data={data}
      dataKey="day"
      unit=" %"
      connectNulls
      series={[{ name: 'rate', label: t('rejection.series'), color: 'red.6' }]}
    />
  );
}

export function ErrorCodesChart({ errorCodes }: { errorCodes: Dashboard['errorCodes'] }) {
  const data = errorCodes.days.map((d) => ({
    day: shortDay(d.day),
    ...Object.fromEntries(errorCodes.codes.map((c) => [c.errorCode, d.counts[c.errorCode] ?? 0])),
  }));
  return (
    <BarChart
      barChartProps={PICTURE}
      h={H}
      data={data}
      dataKey="day"
      type="stacked"
      withLegend
      series={errorCodes.codes.map((c, i) => ({ name: c.errorCode, color: PALETTE[i % PALETTE.length] ?? 'gray.6' }))}
    />
  );
}

export function BacklogChart({
  backlog,
  statuses,
  onDrill,
}: {
  backlog: Dashboard['backlog'];
  statuses: readonly string[];
  onDrill: (status: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  const data = statuses.map((status) => ({
    status,
    ...Object.fromEntries(BACKLOG_BUCKETS.map((b) => [b.key, backlog.find((x) => x.status === status && x.bucket === b.key)?.count ?? 0])),
  }));
  return (
    <BarChart
      barChartProps={PICTURE}
      h={H}
      data={data}
      dataKey="status"
      type="stacked"
      withLegend
      series={BACKLOG_BUCKETS.map((b, i) => ({
        name: b.key,
        label: t(`buckets.${b.key}`),
        color: ['green.5', 'lime.5', 'yellow.6', 'orange.6', 'red.7'][i] ?? 'gray.6',
      }))}
      barProps={{
        cursor: 'pointer',
        onClick: (_item: unknown, index: number) => {
          const status = statuses[index];
          if (status) onDrill(status);
        },
      }}
    />
  );
}

export function ThroughputChart({ throughput }: { throughput: Dashboard['throughput'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <BarChart
      barChartProps={PICTURE}
      h={Math.max(120, 40 * throughput.length)}
      data={throughput}
      dataKey="name"
      orientation="vertical"
      series={[{ name: 'writes', label: t('throughput.series'), color: 'blue.6' }]}
    />
  );
}
