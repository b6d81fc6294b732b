import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { CONSOLE_PAGES, type ConsoleSection } from '../../../contract/console-pages';
import type { Role } from '../../../contract/user-claims';

const PLURAL: Record<Role, string> = { clerk: 'clerks', supervisor: 'supervisors', analyst: 'analysts' };
const list = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;

/**
 * Shown instead of a page the user's roles may not open (a bookmark, a link from a colleague):
 * nothing of the page is loaded, so the service is never asked for what it would refuse.
 */
export function NotForYourRolePage({ section, roles }: { section: ConsoleSection; roles: readonly Role[] }) {
  const page = CONSOLE_PAGES[section];
  return (
    <Stack gap="md">
      <Title order={1}>{page.label}</Title>
      <Alert
        color="gray"
        icon={<IconLock aria-hidden="true" />}
        title={`${page.label} is for ${list(page.roles.map((r) => PLURAL[r]))}`}
        data-testid="not-for-your-role"
      >
        <Text>
          This page is not for your role ({list(roles)}). Ask an administrator for the role if your work needs it; the menu lists the pages
          you can use.
        </Text>
      </Alert>
    </Stack>
  );
}
