import { createFileRoute, redirect } from '@tanstack/react-router';
import { landingPageFor } from '../../features/shell/model/landing-page';

export const Route = createFileRoute('/_authenticated/')({
  beforeLoad: ({ context }) => {
    throw redirect({ to: landingPageFor(context.user.roles), replace: true });
  },
});
