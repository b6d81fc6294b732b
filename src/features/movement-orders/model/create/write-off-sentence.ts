import { toWriteOffRule, type RuleDraft } from './order-draft';

/**
 * A write-off rule as a sentence ("Free stock of preferential origin DE, inbound MRN …"): stock is
 * released rule by rule in the order given, so the list reads as the order of preference.
 */
export function writeOffRuleSentence(rule: RuleDraft): string {
  const r = toWriteOffRule(rule);
  const status = r.customsStatus === 'Free' ? 'Free stock' : r.customsStatus === 'Bonded' ? 'Bonded stock' : 'Stock of any customs status';
  const origin: string[] = [];
  if (r.isOfPreferentialOrigin === true)
    origin.push(
      typeof r.preferentialOriginCountry === 'string' ? `of preferential origin ${r.preferentialOriginCountry}` : 'of preferential origin',
    );
  else if (r.isOfPreferentialOrigin === false) origin.push('not of preferential origin');
  else if (typeof r.preferentialOriginCountry === 'string') origin.push(`of preferential origin ${r.preferentialOriginCountry}`);
  if (r.isOfPreferentialOrigin === false && typeof r.preferentialOriginCountry === 'string')
    origin.push(`preferential origin country ${r.preferentialOriginCountry}`);
  if (typeof r.nonPreferentialOriginCountry === 'string') origin.push(`non-preferential origin ${r.nonPreferentialOriginCountry}`);
  const inbound = [
    typeof r.inboundDocRefNum === 'string' && `inbound MRN ${r.inboundDocRefNum}`,
    typeof r.inboundFunctionRefNum === 'string' && `inbound LRN ${r.inboundFunctionRefNum} (EIDR)`,
  ].filter((p): p is string => typeof p === 'string');
  const head = origin.length > 0 ? `${status} ${origin.join(', ')}` : status;
  return [head, ...inbound].join(', ');
}
