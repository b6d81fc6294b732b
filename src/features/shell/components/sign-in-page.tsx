import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import type { ConsoleConfig } from '../../../contract/console-config';
import { SkipLink } from '../../../components/skip-link';
import { EnvironmentBanner } from './environment-banner';

interface SignInPageProps {
  environment: ConsoleConfig['environment'];
  reason: 'expired' | undefined;
  error: string | undefined;
  onSignIn: () => Promise<void>;
}

/** The console's front door: says which environment this is and hands over to the identity provider. */
export function SignInPage({ environment, reason, error, onSignIn }: SignInPageProps) {
  useDocumentTitle('Sign in · Customs Console');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(error);
  const signIn = () => {
    setPending(true);
    setFailure(undefined);
    onSignIn().catch((e: unknown) => {
      setPending(false);
      setFailure(e instanceof Error ? e.message : 'Sign-in could not start.');
    });
  };
  return (
    <>
      <SkipLink />
      <header>
        <EnvironmentBanner environment={environment} />
      </header>
      <Container size={420} py={64} component="main" id="main-content" tabIndex={-1}>
        <Paper withBorder p="xl" radius="md">
          <Stack>
            <Title order={1}>Customs Console</Title>
            <Text>Sign in with your organisation account to work on declarations, classification and movement orders.</Text>
            {reason === 'expired' && !failure && (
              <Alert color="yellow" title="Session ended" role="status">
                Your session has expired. Sign in again to continue where you were.
              </Alert>
            )}
            {failure && (
              <Alert color="red" title="Sign-in failed" role="alert">
                {failure}
              </Alert>
            )}
            <Button size="md" onClick={signIn} loading={pending}>
              Sign in
            </Button>
          </Stack>
        </Paper>
      </Container>
    </>
  );
}
