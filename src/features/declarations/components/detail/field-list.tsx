import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './field-list.module.css';

export interface FieldListEntry {
  label: string;
  value: ReactNode;
  /** Gives the value an id and makes it focusable, so an error can jump to a read-only field. */
  id?: string;
  error?: string | undefined;
}

/** Label and value pairs as a description list (read by screen readers as term and definition). */
export function FieldList({ entries, cols = 3 }: { entries: readonly FieldListEntry[]; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: cols }} spacing="sm" verticalSpacing="xs" className={classes.list}>
      {entries.map((e) => (
        <div key={e.label}>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {e.label}
          </Text>
          {/* The error sits inside the dd: a dl's groups may hold only dt and dd (axe definition-list). */}
          <Text component="dd" size="sm" id={e.id} tabIndex={e.id ? -1 : undefined} className={classes.value}>
            {e.value === '' || e.value === null || e.value === undefined ? '—' : e.value}
            {e.error && (
              <Text component="span" display="block" size="xs" c="red.9">
                {e.error}
              </Text>
            )}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
