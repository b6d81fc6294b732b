import type { AnchorProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n/use-translation';
import { z } from 'zod';
import { request } from '../lib/api-client';
import { AnchorLink } from './anchor-link';

/** Just the LRN of a declaration read (it never changes, so it is read once per declaration). */
const lrnOnlySchema = z.looseObject({ lrn: z.string() });

/**
 * A link to a declaration that reads its LRN, never its internal id: `lrn` when the caller knows
 * it (events carry it), otherwise looked up once; "Declaration" while that read is on its way.
 */
export function DeclarationLink({
  declarationId,
  lrn,
  size,
  prefix = '',
}: {
  declarationId: string;
  lrn?: string | null | undefined;
  size?: AnchorProps['size'];
  /** Words before the LRN in the user's language, e.g. "LRN ". */ prefix?: string;
}) {
  const { t } = useTranslation();
  const known = lrn ?? undefined;
  const looked = useQuery({
    queryKey: ['declaration-lrn', declarationId],
    queryFn: ({ signal }) => request(`/v1/declarations/${encodeURIComponent(declarationId)}`, { schema: lrnOnlySchema, signal }),
    enabled: known === undefined,
    staleTime: Infinity,
    select: (d) => d.lrn,
  });
  const text = known ?? looked.data;
  return (
    <AnchorLink to="/declarations/$declarationId" params={{ declarationId }} size={size}>
      {text ? `${prefix}${text}` : t('components.declarationLink')}
    </AnchorLink>
  );
}
