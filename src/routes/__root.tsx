import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from '../lib/i18n/use-translation';
import type { RouterContext } from '../app/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({ component: Outlet, notFoundComponent: NotFound });

function NotFound() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="xs">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.text')}</Text>
        <Anchor component={Link} to="/">
          {t('notFound.startPage')}
        </Anchor>
      </Stack>
    </Container>
  );
}
