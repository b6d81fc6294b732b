import { customsShipmentSchema, type CustomsShipment } from '../../../contract/customs-shipment';

export interface ShipmentIssue {
  /** Dotted path like the service's 400 (`singleAdministrativeDocument.goodsShipment…`), `(body)` for the whole text. */
  path: string;
  message: string;
}

export type ShipmentCheck = { ok: true; shipment: CustomsShipment } | { ok: false; issues: ShipmentIssue[] };

/** Runs the contract's customsShipmentSchema on the editor's text, as the service would before its 202. */
export function checkShipmentText(text: string): ShipmentCheck {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, issues: [{ path: '(body)', message: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` }] };
  }
  const parsed = customsShipmentSchema.safeParse(json);
  if (parsed.success) return { ok: true, shipment: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      path: issue.path.length > 0 ? issue.path.map(String).join('.') : '(body)',
      message: issue.message,
    })),
  };
}
