import { Badge, Button, Group, Text } from '@mantine/core';
import type { SignedInUser } from '../../../lib/auth/signed-in-user';
import { LiveStatus } from './live-status';

const ROLE_LABEL = { clerk: 'Clerk', supervisor: 'Supervisor', analyst: 'Analyst' } as const;

/** Who is signed in, with which role, and the way out. */
export function UserSummary({ user, onSignOut }: { user: SignedInUser; onSignOut: () => void }) {
  const roles = user.roles.map((r) => ROLE_LABEL[r]);
  return (
    <Group gap="sm" wrap="nowrap">
      <LiveStatus />
      <div data-testid="signed-in-user">
        <Text size="sm" fw={600} lh={1.2}>
          {user.name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.2}>
          Role:{' '}
          {roles.length ? (
            roles.map((r) => (
              <Badge key={r} size="xs" variant="light" component="span" ml={2}>
                {r}
              </Badge>
            ))
          ) : (
            <span>none assigned</span>
          )}
        </Text>
      </div>
      <Button variant="default" size="xs" onClick={onSignOut}>
        Sign out
      </Button>
    </Group>
  );
}
