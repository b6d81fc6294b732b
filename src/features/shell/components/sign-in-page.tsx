import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { ConsoleConfig } from '../../../contract/console-config';
import { SkipLink } from '../../../components/skip-link';
import { EnvironmentBanner } from './environment-banner';
import { LanguageMenu } from './language-menu';

interface SignInPageProps {
  environment: ConsoleConfig['environment'];
  reason: 'expired' | undefined;
  error: string | undefined;
  onSignIn: () => Promise<void>;
}

/** The console's front door: says which environment this is and hands over to the identity provider. */
export function SignInPage({ environment, reason, error, onSignIn }: SignInPageProps) {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('signIn.documentTitle'));
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(error);
  const signIn = () => {
    setPending(true);
    setFailure(undefined);
    onSignIn().catch((e: unknown) => {
      setPending(false);
      setFailure(e instanceof Error ? e.message : t('signIn.couldNotStart'));
    });
  };
  return (
    <>
      <SkipLink />
      <header>
        <EnvironmentBanner environment={environment} />
        <Group justify="flex-end" px="md" pt="xs">
          <LanguageMenu />
        </Group>
      </header>
      <Container size={420} py={64} component="main" id="main-content" tabIndex={-1}>
        <Paper withBorder p="xl" radius="md">
          <Stack>
            <Title order={1}>{t('productName', { ns: 'common' })}</Title>
            <Text>{t('signIn.intro')}</Text>
            {reason === 'expired' && !failure && (
              <Alert color="yellow" title={t('signIn.expiredTitle')} role="status">
                {t('signIn.expiredText')}
              </Alert>
            )}
            {failure && (
              <Alert color="red" title={t('signIn.failedTitle')} role="alert">
                {failure}
              </Alert>
            )}
            <Button size="md" onClick={signIn} loading={pending}>
              {t('signIn.button')}
            </Button>
          </Stack>
        </Paper>
      </Container>
    </>
  );
}
