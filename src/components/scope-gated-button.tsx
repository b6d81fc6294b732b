import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import type { TFunction } from '../lib/i18n/message-keys';
import { useId, type MouseEventHandler } from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import type { MissingScope } from '../lib/scope-gate';

/** Why a control is disabled for a missing scope, in the user's language (the tooltip, and the file drop's notice). */
export const missingScopeWords = (m: MissingScope, t: TFunction<'common'>): string =>
  t('components.scope.missing', { scope: m.scope, tenant: m.tenant });

type Props = ButtonProps & {
  /** The scope the client application lacks for this action, if it does. */
  missing: MissingScope | undefined;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  type?: 'button' | 'submit';
  'aria-label'?: string;
};

/**
 * A button for an action that needs a scope: when the console's client application lacks it, the
 * button stays in place but disabled, with a tooltip (and the same text for screen readers)
 * naming the scope and tenant. It keeps its focus (Mantine's data-disabled pattern), so keyboard
 * users reach the explanation too.
 */
export function ScopeGatedButton({ missing, onClick, ...props }: Props) {
  const id = useId();
  const { t } = useTranslation();
  if (!missing) return <Button {...props} onClick={onClick} />;
  const text = missingScopeWords(missing, t);
  return (
    <Tooltip label={text} multiline w={280} withArrow>
      <Button
        {...props}
        data-disabled
        aria-disabled
        aria-describedby={id}
        data-missing-scope={missing.scope}
        onClick={(e) => e.preventDefault()}
      >
        {props.children}
        <VisuallyHidden id={id}>{text}</VisuallyHidden>
      </Button>
    </Tooltip>
  );
}
