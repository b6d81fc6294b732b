import { partySchema, type Party } from '../contract/customs-shipment';
import type { Declaration } from '../contract/declarations';

/** What a person checks before a filing goes to customs: the totals and the parties, read from the declaration. */
export interface DeclarationReview {
  /** Customs value per currency (an item without a currency counts in the invoice currency), largest first. */
  customsValues: { currency: string; amount: number }[];
  items: number;
  /** Gross mass in kg, summed over the items that give one. */
  grossMassKg: number;
  invoiceCurrency: string | null;
  parties: { role: string; name: string }[];
  errors: number;
}

const partyName = (p: Party | null | undefined): string | undefined => {
  if (!p) return undefined;
  const refs = (p.businessPartnerReference ?? []).map((r) => `${r.type} ${r.code}`);
  return [p.name, ...refs].filter(Boolean).join(' · ') || undefined;
};

export function reviewOf(d: Declaration): DeclarationReview {
  const sad = d.singleAdministrativeDocument;
  const items = sad.goodsShipment.governmentAgencyGoodsItems;
  const values = new Map<string, number>();
  let grossMassKg = 0;
  for (const item of items) {
    const amount = item.customsValue?.amount;
    const currency = item.customsValue?.currency ?? sad.invoiceCurrency;
    if (typeof amount === 'number' && currency) values.set(currency, (values.get(currency) ?? 0) + amount);
    grossMassKg += item.goodsMeasure?.gmass ?? 0;
  }
  // The read-back goods shipment is loose: its parties are checked here.
  const partyOf = (value: unknown) => partySchema.safeParse(value).data;
  const parties = (
    [
      ['Consignor', partyName(partyOf(sad.goodsShipment.consignor))],
      ['Consignee', partyName(partyOf(sad.goodsShipment.consignee))],
      ['Agent', partyName(sad.agent)],
    ] as const
  ).flatMap(([role, name]) => (name ? [{ role, name }] : []));
  return {
    customsValues: [...values].map(([currency, amount]) => ({ currency, amount })).sort((a, b) => b.amount - a.amount),
    items: items.length,
    grossMassKg,
    invoiceCurrency: sad.invoiceCurrency ?? null,
    parties,
    errors: d.errors?.length ?? 0,
  };
}

const money = (amount: number, currency: string) => `${amount.toLocaleString('en-GB', { maximumFractionDigits: 2 })} ${currency}`;

/** "120,000 EUR + 50 GBP", or "none given". */
export const customsValueText = (r: DeclarationReview): string =>
  r.customsValues.length ? r.customsValues.map((v) => money(v.amount, v.currency)).join(' + ') : 'none given';
