import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../components/planned-page';

export const Route = createFileRoute('/_authenticated/subscriptions')({
  component: () => <PlannedPage title="Subscriptions">The webhook subscriptions of this tenant: which events are delivered where, and how to add or replace one.</PlannedPage>,
});
