import { Box, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { ConsoleConfig } from '../../../contract/console-config';

const LOOK = {
  // Dark text on orange, white on red: both above 4.5:1; the words carry the meaning, not the colour.
  ACCEPTANCE: { bg: '#fd7e14', fg: '#1a1b1e' },
  PRODUCTION: { bg: '#c92a2a', fg: '#ffffff' },
} as const;

/** Coloured strip that says which environment this console works on. */
export function EnvironmentBanner({ environment }: { environment: ConsoleConfig['environment'] }) {
  const { t } = useTranslation('shell');
  const look = LOOK[environment];
  return (
    <Box bg={look.bg} c={look.fg} px="md" py={4} data-testid="environment-banner" data-environment={environment}>
      <Text size="sm" fw={700} ta="center" c="inherit">
        {t('environment.label', { name: t(`environment.${environment}.name`) })}
        <Text span size="sm" fw={400} c="inherit">
          {' · '}
          {t(`environment.${environment}.note`)}
        </Text>
      </Text>
    </Box>
  );
}
