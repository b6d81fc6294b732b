import dayjs from 'dayjs';

/** Dates as clerks read them: day, month, year and local time. */
export const formatDateTime = (iso: string | null | undefined): string => (iso ? dayjs(iso).format('D MMM YYYY, HH:mm:ss') : '—');

export const formatNumber = (n: number | null | undefined): string => (n === null || n === undefined ? '' : n.toLocaleString('en-GB', { maximumFractionDigits: 3 }));
