import type { TFunction } from '../../../../lib/i18n/message-keys';
import { toWriteOffRule, type RuleDraft } from './order-draft';

/**
 * A write-off rule as a sentence ("Free stock of preferential origin DE, inbound MRN …"), in the
 * console's language: stock is released rule by rule in the order given, so the list reads as the
 * order of preference.
 */
export function writeOffRuleSentence(rule: RuleDraft, t: TFunction<'movementOrders'>): string {
  const r = toWriteOffRule(rule);
  const status =
    r.customsStatus === 'Free' ? t('sentence.free') : r.customsStatus === 'Bonded' ? t('sentence.bonded') : t('sentence.anyStatus');
  const preferential = typeof r.preferentialOriginCountry === 'string' ? r.preferentialOriginCountry : undefined;
  const origin: string[] = [];
  if (r.isOfPreferentialOrigin === true)
    origin.push(preferential ? t('sentence.preferentialFrom', { country: preferential }) : t('sentence.preferential'));
  else if (r.isOfPreferentialOrigin === false) origin.push(t('sentence.notPreferential'));
  else if (preferential) origin.push(t('sentence.preferentialFrom', { country: preferential }));
  if (r.isOfPreferentialOrigin === false && preferential) origin.push(t('sentence.preferentialCountry', { country: preferential }));
  if (typeof r.nonPreferentialOriginCountry === 'string')
    origin.push(t('sentence.nonPreferential', { country: r.nonPreferentialOriginCountry }));
  const inbound = [
    typeof r.inboundDocRefNum === 'string' && t('sentence.inboundMrn', { mrn: r.inboundDocRefNum }),
    typeof r.inboundFunctionRefNum === 'string' && t('sentence.inboundLrn', { lrn: r.inboundFunctionRefNum }),
  ].filter((p): p is string => typeof p === 'string');
  const head = origin.length > 0 ? `${status} ${origin.join(', ')}` : status;
  return [head, ...inbound].join(', ');
}
