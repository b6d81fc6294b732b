import { eventLogFiltersSchema, type EventLogFilters } from '../../../contract/event-log';
import { DECLARATION_EVENT_TYPES, type LiveEvent } from '../../../contract/live';

/** The /events URL search params: the API's filters, a bad value dropped rather than failing the page. */
export const eventsSearchSchema = eventLogFiltersSchema;
export type EventsSearch = EventLogFilters;

/** The declaration an event is about (declaration events carry its id as data.id), else undefined. */
export function declarationIdOf(event: LiveEvent): string | undefined {
  const id = event.data['id'];
  return DECLARATION_EVENT_TYPES.includes(event.eventType) && typeof id === 'string' && id !== '' ? id : undefined;
}

/** The LRN a declaration event carries (the link reads it instead of the internal id). */
export function declarationLrnOf(event: LiveEvent): string | undefined {
  const { lrn } = event.data;
  return typeof lrn === 'string' && lrn !== '' ? lrn : undefined;
}

/** Every string value inside the event's data, arrays included (what the reference filter matches exactly). */
function stringValues(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringValues(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringValues(v, out);
  return out;
}

/** The references shown in a row: the shipment's, the trader's and the ingestion's, as the event carries them. */
export function referencesOf(event: LiveEvent): string[] {
  const d = event.data;
  const picked = [
    d['customsShipmentReference'],
    d['traderReference'],
    d['businessReference'],
    d['lrn'],
    d['mrn'],
    d['externalReference'],
  ].filter((v): v is string => typeof v === 'string' && v !== '');
  const ingestion = Array.isArray(d['ingestionReferences'])
    ? d['ingestionReferences'].filter((v): v is string => typeof v === 'string')
    : [];
  return [...new Set([...picked, ...ingestion])];
}

/** Whether a live event belongs on the page under these filters: the same rules as GET /api/events/log. */
export function matchesFilters(event: LiveEvent, f: EventsSearch): boolean {
  if (f.type && event.eventType !== f.type) return false;
  if (f.subType && (event.eventSubType ?? '') !== f.subType) return false;
  if (f.declarationId && declarationIdOf(event) !== f.declarationId) return false;
  const at = Date.parse(event.eventTime);
  if (f.from && at < Date.parse(f.from)) return false;
  if (f.to && at > Date.parse(f.to)) return false;
  if (f.reference && !stringValues(event).includes(f.reference)) return false;
  return true;
}

export const hasFilters = (f: EventsSearch): boolean => Object.values(f).some((v) => v !== undefined);

const pad = (n: number): string => String(n).padStart(2, '0');

/** ISO instant → the value of the date-time picker ("2026-03-04 06:06:00", local time). */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The date-time picker's value (local time) → ISO instant (undefined when empty or invalid). */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
