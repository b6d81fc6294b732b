import { Badge } from '@mantine/core';
import type { CSSProperties } from 'react';
import { statusColor, statusExplanation } from './status-badge';

const ROOT_CLASS = `${Badge.classes.root ?? ''} mantine-Badge-root`;
const LABEL_CLASS = `${Badge.classes.label ?? ''} mantine-Badge-label`;

/** The CSS variables Mantine's Badge sets for variant "light", radius "sm" and a theme colour. */
const lightBadgeStyle = (color: string): CSSProperties & Record<`--${string}`, string> => ({
  '--badge-bg': `var(--mantine-color-${color}-light)`,
  '--badge-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
  '--badge-radius': 'var(--mantine-radius-sm)',
  textTransform: 'none',
  whiteSpace: 'nowrap',
  minWidth: 'max-content',
  color: `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)`,
});

/**
 * StatusBadge without a tooltip (its meaning in a native title) as plain spans with Mantine
 * Badge's classes: for lists of a hundred rows, where a Badge component per row was a tenth of
 * the render time. Looks the same as `<StatusBadge withTooltip={false} />`. No translation hook
 * per row either: the meaning is read in the active language, and the table renders its rows
 * again when the language changes (its columns follow `t`).
 */
export function PlainStatusBadge({ status }: { status: string }) {
  return (
    <span className={ROOT_CLASS} data-variant="light" title={statusExplanation(status)} style={lightBadgeStyle(statusColor(status))}>
      <span className={LABEL_CLASS}>{status}</span>
    </span>
  );
}
