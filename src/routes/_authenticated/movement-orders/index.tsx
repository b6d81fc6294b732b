import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../../components/planned-page';

export const Route = createFileRoute('/_authenticated/movement-orders/')({
  component: () => <PlannedPage title="Movement orders">Warehouse movement orders: search, read and create them.</PlannedPage>,
});
