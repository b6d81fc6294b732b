import { createFileRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { EventsPage } from '../../features/events/components/events-page';
import { eventsSearchSchema } from '../../features/events/model/event-filters';

export const Route = createFileRoute('/_authenticated/events')({
  validateSearch: eventsSearchSchema,
  beforeLoad: () => loadNamespaces('events'),
  component: EventsRoute,
});

function EventsRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return <EventsPage filters={filters} onFilter={(next) => void navigate({ search: next })} />;
}
