import { ActionIcon, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n/use-translation';

/** An identifier clerks quote and paste elsewhere (LRN, MRN, ARC, ids), with a button that copies it ("Copy MRN"). */
export function CopyableIdentifier({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useTranslation();
  if (!value) return <>—</>;
  return (
    <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
      <span style={{ fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' }}>{value}</span>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('components.copy.copied', { label }) : t('components.copy.copy', { label })} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              onClick={copy}
              aria-label={t('components.copy.copy', { label })}
            >
              {copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
