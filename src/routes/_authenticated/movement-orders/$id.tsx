import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../../components/planned-page';

export const Route = createFileRoute('/_authenticated/movement-orders/$id')({
  component: () => <PlannedPage title="Movement order">One movement order with its lines and status.</PlannedPage>,
});
