import type { DeclarationAction } from '../../../../contract/declaration-actions';
import type { ActionDialogProps } from '../../model/actions/action-dialog-props';
import { ChangeDestinationDialog } from './change-destination-dialog';
import { ComplementaryExplanationDialog } from './complementary-explanation-dialog';
import { DelayForDeliveryDialog } from './delay-for-delivery-dialog';
import { GenerateDocumentDialog } from './generate-document-dialog';
import { InvalidateDialog } from './invalidate-dialog';
import { ReceiptReportDialog } from './receipt-report-dialog';
import { RejectOrAlertEadDialog } from './reject-or-alert-ead-dialog';

/** Actions that carry a body (or a path choice) and so have a form of their own. */
export type FormAction = Exclude<DeclarationAction, 'submit' | 'goodsArrived' | 'validate' | 'generateSad'>;
export const isFormAction = (a: DeclarationAction): a is FormAction => !['submit', 'goodsArrived', 'validate', 'generateSad'].includes(a);

/** Long forms get a wide dialog. */
export const WIDE_DIALOGS: readonly DeclarationAction[] = ['receiptReport', 'changeDestination', 'complementaryExplanation'];

export function ActionDialogBody({ action, ...props }: ActionDialogProps & { action: FormAction }) {
  switch (action) {
    case 'generateDocument':
      return <GenerateDocumentDialog {...props} />;
    case 'invalidate':
      return <InvalidateDialog {...props} />;
    case 'receiptReport':
      return <ReceiptReportDialog {...props} />;
    case 'complementaryExplanation':
      return <ComplementaryExplanationDialog {...props} />;
    case 'changeDestination':
      return <ChangeDestinationDialog {...props} />;
    case 'rejectOrAlertEad':
      return <RejectOrAlertEadDialog {...props} />;
    case 'delayForDelivery':
      return <DelayForDeliveryDialog {...props} />;
  }
}
