import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../../components/planned-page';

export const Route = createFileRoute('/_authenticated/declarations/$declarationId')({
  component: () => <PlannedPage title="Declaration">One declaration: its status history, errors with the fields they point to, goods items, attachments and the actions its status allows.</PlannedPage>,
});
