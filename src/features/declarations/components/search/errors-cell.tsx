import { useQuery } from '@tanstack/react-query';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import type { DeclarationSummary } from '../../../../contract/declarations';
import { declarationErrorsQueryOptions } from '../../api/declarations.queries';
import { errorsSummary } from '../../model/search/errors-summary';
import classes from './declaration-cells.module.css';

/** The Errors column: how many errors and the first code ("3 · V101") in the error colour, asked for each row that has any (no icon: the words say it, and the default columns must fit 1440 px). */
export function ErrorsCell({ row, t }: { row: DeclarationSummary; t: TFunction<'declarations'> }) {
  const errors = useQuery({ ...declarationErrorsQueryOptions(row.declarationId, row.lastUpdated), enabled: row.hasErrors });
  if (!row.hasErrors) return <span className={classes.visuallyHidden}>{t('cells.noErrors')}</span>;
  const summary = errors.data ? errorsSummary(errors.data, t) : undefined;
  return (
    <span className={classes.nowrap} title={summary?.title ?? t('cells.hasErrorsTitle')}>
      <span className={classes.errorText}>{summary?.text ?? (errors.isError ? t('cells.hasErrors') : '…')}</span>
      {!summary && !errors.isError && <span className={classes.visuallyHidden}>{t('cells.hasErrors')}</span>}
    </span>
  );
}
