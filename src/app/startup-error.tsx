import { Alert, Button, Container, MantineProvider, Stack, Title } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/** Shown when the console cannot start (configuration or sign-in set-up unavailable). */
export function StartupError({ message }: { message: string }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Container size="sm" py="xl" component="main">
        <Stack>
          <Title order={1}>Customs Console</Title>
          <Alert color="red" title="The console could not start" role="alert">
            {message}
          </Alert>
          <Button onClick={() => window.location.reload()} w="fit-content">
            Try again
          </Button>
        </Stack>
      </Container>
    </MantineProvider>
  );
}
