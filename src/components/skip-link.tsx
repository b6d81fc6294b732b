import classes from './skip-link.module.css';

/** First focusable element: jumps keyboard users past the header and navigation. */
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  return (
    <a className={classes.skipLink} href={`#${target}`}>
      Skip to main content
    </a>
  );
}
