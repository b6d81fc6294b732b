import { Alert, Button, Container, MantineProvider, Stack, Title } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation';
import { cssVariablesResolver, theme } from './theme';

/** Shown when the console cannot start (configuration or sign-in set-up unavailable). */
export function StartupError({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Container size="sm" py="xl" component="main">
        <Stack>
          <Title order={1}>{t('productName')}</Title>
          <Alert color="red" title={t('startupError.title')} role="alert">
            {message}
          </Alert>
          <Button onClick={() => window.location.reload()} w="fit-content">
            {t('startupError.retry')}
          </Button>
        </Stack>
      </Container>
    </MantineProvider>
  );
}
