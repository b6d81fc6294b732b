import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../../components/planned-page';

export const Route = createFileRoute('/_authenticated/classification/')({
  component: () => <PlannedPage title="Classification">Search classification items, see their suggested commodity codes and start classification runs.</PlannedPage>,
});
