import { AppShell, Burger, Group, Stack, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { ConsoleConfig } from '../../../contract/console-config';
import type { SignedInUser } from '../../../lib/auth/signed-in-user';
import type { Language } from '../../../lib/i18n/languages';
import { RouterNavLink } from '../../../components/router-nav-link';
import { SkipLink } from '../../../components/skip-link';
import { navItemsFor } from '../model/nav-items';
import { EnvironmentBanner } from './environment-banner';
import { LanguageMenu } from './language-menu';
import { UserSummary } from './user-summary';

interface ConsoleShellProps {
  environment: ConsoleConfig['environment'];
  user: SignedInUser;
  onSignOut: () => void;
  /** The user chose a language in the header (kept for them). */
  onLanguageChosen: (language: Language) => void;
  /** Beside the user in the header (the notification bell). */
  headerExtra?: ReactNode;
  children: ReactNode;
}

const HEADER_HEIGHT = 88;

/** Header (product, environment, user), navigation and the main region every signed-in page sits in. */
export function ConsoleShell({ environment, user, onSignOut, onLanguageChosen, headerExtra, children }: ConsoleShellProps) {
  const { t } = useTranslation('shell');
  const [opened, { toggle, close }] = useDisclosure(false);
  // On wider screens the navigation is shown until hidden: a 1024 px screen needs the width for wide tables.
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  // Mantine only slides a collapsed navbar out of view: inert keeps its links out of the Tab order too.
  const wide = useMediaQuery('(min-width: 48em)', true);
  const hidden = wide ? !desktopOpened : !opened;
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !desktopOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <SkipLink />
        <EnvironmentBanner environment={environment} />
        <Group h={HEADER_HEIGHT - 28} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('nav.close') : t('nav.open')}
              aria-controls="console-navigation"
              aria-expanded={opened}
            />
            <Burger
              opened={desktopOpened}
              onClick={toggleDesktop}
              visibleFrom="sm"
              size="sm"
              aria-label={desktopOpened ? t('nav.hide') : t('nav.show')}
              aria-controls="console-navigation"
              aria-expanded={desktopOpened}
            />
            <Title order={2} size="h4" component="p">
              {t('productName', { ns: 'common' })}
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageMenu onChosen={onLanguageChosen} />
            {headerExtra}
            <UserSummary user={user} onSignOut={onSignOut} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label={t('nav.label')} id="console-navigation" inert={hidden}>
        <Stack gap={2}>
          {navItemsFor(user.roles).map((item) => (
            <RouterNavLink key={item.to} to={item.to} label={t(`nav.pages.${item.key}`)} onClick={close} />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
