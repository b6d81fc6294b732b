import { ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DeclarationSummary } from '../../../../contract/declarations';
import { declarationErrorsQueryOptions } from '../../api/declarations.queries';
import { errorsSummary } from '../../model/search/errors-summary';
import classes from './declaration-cells.module.css';

/** Mantine's ThemeIcon (light red, size sm) as a plain span: one component fewer per row. */
const ERROR_ICON_CLASS = `${ThemeIcon.classes.root ?? ''} ${classes.errorIcon}`;

/** The Errors column: how many errors and the first code ("3 · V101"), asked for each row that has any. */
export function ErrorsCell({ row }: { row: DeclarationSummary }) {
  const errors = useQuery({ ...declarationErrorsQueryOptions(row.declarationId, row.lastUpdated), enabled: row.hasErrors });
  if (!row.hasErrors) return <span className={classes.visuallyHidden}>No errors</span>;
  const summary = errors.data ? errorsSummary(errors.data) : undefined;
  return (
    <span className={classes.nowrap} title={summary?.title ?? 'Has errors: open it to see them'}>
      <span className={ERROR_ICON_CLASS} aria-hidden="true">
        <IconAlertTriangle size={14} />
      </span>{' '}
      <span className={classes.errorText}>{summary?.text ?? (errors.isError ? 'Has errors' : '…')}</span>
      {!summary && !errors.isError && <span className={classes.visuallyHidden}>Has errors</span>}
    </span>
  );
}
