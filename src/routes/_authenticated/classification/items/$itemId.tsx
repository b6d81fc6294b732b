import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../../../components/planned-page';

export const Route = createFileRoute('/_authenticated/classification/items/$itemId')({
  component: () => <PlannedPage title="Classification item">One item: description, images, assigned codes and its classification runs with reasons and reference rulings.</PlannedPage>,
});
