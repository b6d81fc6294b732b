import { useTranslation } from '../lib/i18n/use-translation';
import classes from './skip-link.module.css';

/** First focusable element: jumps keyboard users past the header and navigation. */
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  const { t } = useTranslation();
  return (
    <a className={classes.skipLink} href={`#${target}`}>
      {t('skipToMain')}
    </a>
  );
}
