import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** A page whose feature is not built yet: says plainly what it will hold (no made-up data). */
export function PlannedPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Customs Console`);
  return (
    <Stack gap="xs" maw={720}>
      <Title order={1}>{title}</Title>
      <Text>{children}</Text>
      <Text c="dimmed" size="sm">
        This part of the console is not available yet.
      </Text>
    </Stack>
  );
}
