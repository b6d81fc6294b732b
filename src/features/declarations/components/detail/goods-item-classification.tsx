import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { AnchorLink } from '../../../../components/anchor-link';
import { isAllowed } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';
import { classificationOfGoodsItemsQueryOptions } from '../../api/classification-links.queries';

const BY = { reference: 'editor.byReference', description: 'editor.sameDescription' } as const;

/** The link back from a goods item to the classification items about it, for the roles that read them. */
export function GoodsItemClassification({
  declarationId,
  goodsItemId,
  roles,
}: {
  declarationId: string;
  goodsItemId: string;
  roles: readonly Role[];
}) {
  const { t } = useTranslation('declaration');
  const allowed = isAllowed(roles, 'GET /api/classification-links/declarations/{declarationId}');
  const query = useQuery({ ...classificationOfGoodsItemsQueryOptions(declarationId), enabled: allowed });
  const items = query.data?.goodsItems.find((g) => g.governmentAgencyGoodsItemId === goodsItemId)?.classificationItems ?? [];
  if (!allowed || items.length === 0) return null;
  return (
    <Text size="sm" data-testid="goods-item-classification">
      {t('editor.classificationItems', { count: items.length })}{' '}
      {items.map((i, n) => (
        <Fragment key={i.itemId}>
          {n > 0 && ', '}
          <AnchorLink to="/classification/items/$itemId" params={{ itemId: i.itemId }}>
            {i.externalReference}
          </AnchorLink>{' '}
          ({t(BY[i.by])})
        </Fragment>
      ))}
    </Text>
  );
}
