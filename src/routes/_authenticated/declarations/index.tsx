import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../../components/planned-page';

export const Route = createFileRoute('/_authenticated/declarations/')({
  component: () => <PlannedPage title="Declarations">Search declarations by status, reference and date, with the filters kept in the address so a search can be shared.</PlannedPage>,
});
