import { Box, Text } from '@mantine/core';
import type { ConsoleConfig } from '../../../contract/console-config';

const LOOK = {
  // Dark text on orange, white on red: both above 4.5:1; the words carry the meaning, not the colour.
  ACCEPTANCE: { label: 'ACCEPTANCE (sandbox)', note: 'test data, no real customs filings', bg: '#fd7e14', fg: '#1a1b1e' },
  PRODUCTION: { label: 'PRODUCTION', note: 'real declarations are filed with customs', bg: '#c92a2a', fg: '#ffffff' },
} as const;

/** Coloured strip that says which environment this console works on. */
export function EnvironmentBanner({ environment }: { environment: ConsoleConfig['environment'] }) {
  const look = LOOK[environment];
  return (
    <Box bg={look.bg} c={look.fg} px="md" py={4} data-testid="environment-banner" data-environment={environment}>
      <Text size="sm" fw={700} ta="center" c="inherit">
        Environment: {look.label}
        <Text span size="sm" fw={400} c="inherit">
          {' '}
          · {look.note}
        </Text>
      </Text>
    </Box>
  );
}
