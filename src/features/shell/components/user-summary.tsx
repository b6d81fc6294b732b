import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { SignedInUser } from '../../../lib/auth/signed-in-user';
import { LiveStatus } from './live-status';

/** Who is signed in, with which role, and the way out. */
export function UserSummary({ user, onSignOut }: { user: SignedInUser; onSignOut: () => void }) {
  const { t } = useTranslation('shell');
  const roles = user.roles.map((r) => t(`roles.${r}`));
  return (
    <Group gap="sm" wrap="nowrap">
      <LiveStatus />
      <div data-testid="signed-in-user">
        <Text size="sm" fw={600} lh={1.2}>
          {user.name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.2}>
          {t('roles.label')}{' '}
          {roles.length ? (
            roles.map((r) => (
              <Badge key={r} size="xs" variant="light" component="span" ml={2}>
                {r}
              </Badge>
            ))
          ) : (
            <span>{t('roles.none')}</span>
          )}
        </Text>
      </div>
      <Button variant="default" size="xs" onClick={onSignOut}>
        {t('signOut.button')}
      </Button>
    </Group>
  );
}
