import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../components/planned-page';

export const Route = createFileRoute('/_authenticated/ingestion')({
  component: () => <PlannedPage title="Ingestion">Send customs shipments and master data messages to the service and follow what became of them.</PlannedPage>,
});
