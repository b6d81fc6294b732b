import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { CONSOLE_PAGES, type ConsoleSection } from '../../../contract/console-pages';
import type { Role } from '../../../contract/user-claims';
import { pageKey } from '../model/nav-items';

/**
 * Shown instead of a page the user's roles may not open (a bookmark, a link from a colleague):
 * nothing of the page is loaded, so the service is never asked for what it would refuse.
 */
export function NotForYourRolePage({ section, roles }: { section: ConsoleSection; roles: readonly Role[] }) {
  const { t, i18n } = useTranslation('shell');
  // "clerks and supervisors", "déclarants et superviseurs": the language's own list conjunction.
  const list = (words: readonly string[]) => new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(words);
  const page = t(`nav.pages.${pageKey(section)}`);
  const allowed = list(CONSOLE_PAGES[section].roles.map((r) => t(`roles.plural.${r}`)));
  return (
    <Stack gap="md">
      <Title order={1}>{page}</Title>
      <Alert
        color="gray"
        icon={<IconLock aria-hidden="true" />}
        title={t('notForYourRole.title', { page, roles: allowed })}
        data-testid="not-for-your-role"
      >
        <Text>{t('notForYourRole.text', { roles: list(roles) })}</Text>
      </Alert>
    </Stack>
  );
}
