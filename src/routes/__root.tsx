import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({ component: Outlet, notFoundComponent: NotFound });

function NotFound() {
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="xs">
        <Title order={1}>Page not found</Title>
        <Text>There is no page at this address.</Text>
        <Anchor component={Link} to="/">
          Go to the console&apos;s start page
        </Anchor>
      </Stack>
    </Container>
  );
}
