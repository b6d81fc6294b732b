import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ErrorGroupDeclaration } from '../../../../contract/review';
import { declarationQueryOptions } from '../../api/declarations.queries';
import { errorTarget } from '../detail/field-reference';

/**
 * Opens a declaration at the field an error points at, as the detail page's errors panel does:
 * the declaration is read first (error paths address goods items by index or casReference), then
 * a goods item target opens its editor on the field; a header target opens the page, whose errors
 * panel leads to the header field.
 */
export function useOpenAtField() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (row: ErrorGroupDeclaration, errorCode: string) => {
    const declaration = await queryClient.ensureQueryData(declarationQueryOptions(row.declarationId));
    const target = errorTarget(
      { errorCode, message: '', fieldReference: row.fieldReference },
      declaration.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems,
    );
    await navigate({
      to: '/declarations/$declarationId',
      params: { declarationId: row.declarationId },
      search: target.kind === 'item' ? { item: target.itemId, field: target.field } : {},
    });
  };
}
