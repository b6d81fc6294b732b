import { useQuery } from '@tanstack/react-query';
import type { DeclarationSummary } from '../../../../contract/declarations';
import { declarationErrorsQueryOptions } from '../../api/declarations.queries';
import { errorsSummary } from '../../model/search/errors-summary';
import classes from './declaration-cells.module.css';

/** The Errors column: how many errors and the first code ("3 · V101") in the error colour, asked for each row that has any (no icon: the words say it, and the default columns must fit 1440 px). */
export function ErrorsCell({ row }: { row: DeclarationSummary }) {
  const errors = useQuery({ ...declarationErrorsQueryOptions(row.declarationId, row.lastUpdated), enabled: row.hasErrors });
  if (!row.hasErrors) return <span className={classes.visuallyHidden}>No errors</span>;
  const summary = errors.data ? errorsSummary(errors.data) : undefined;
  return (
    <span className={classes.nowrap} title={summary?.title ?? 'Has errors: open it to see them'}>
      <span className={classes.errorText}>{summary?.text ?? (errors.isError ? 'Has errors' : '…')}</span>
      {!summary && !errors.isError && <span className={classes.visuallyHidden}>Has errors</span>}
    </span>
  );
}
