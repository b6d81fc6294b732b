import { FORMULA_DEFAULT_VERSION, formulaSchema, type Formula } from '../../../../contract/formulas';
import { asText, contractResolver, numberOrUndefined, textOrUndefined } from '../forms/contract-resolver';
import { asRecord, asRecords, isObject } from '../forms/is-object';

/** The formula form: text as typed; toFormulaMessage makes the message the contract checks. */
export interface FormulaLineValues {
  itemId: string;
  quantity: string;
  uom: string;
}
/** isWaste: '' until the user chooses (the specification gives it no default). */
export interface SecondaryProductValues extends FormulaLineValues {
  isWaste: '' | 'true' | 'false';
}
export interface FormulaFormValues {
  version: string;
  itemId: string;
  documentReference: string;
  activeFromDate: string;
  activeUntilDate: string;
  quantity: string;
  uom: string;
  processingType: string;
  storageLocationReference: string;
  formulaLines: FormulaLineValues[];
  secondaryProducts: SecondaryProductValues[];
}

export const emptyLine = (): FormulaLineValues => ({ itemId: '', quantity: '', uom: '' });
export const emptySecondaryProduct = (): SecondaryProductValues => ({ ...emptyLine(), isWaste: '' });

export const emptyFormula = (): FormulaFormValues => ({
  version: FORMULA_DEFAULT_VERSION,
  itemId: '',
  documentReference: '',
  activeFromDate: '',
  activeUntilDate: '',
  quantity: '',
  uom: '',
  processingType: '',
  storageLocationReference: '',
  formulaLines: [emptyLine()],
  secondaryProducts: [],
});

const line = (l: FormulaLineValues) => ({ itemId: l.itemId.trim(), quantity: numberOrUndefined(l.quantity), uom: l.uom.trim() });

export function toFormulaMessage(v: FormulaFormValues): unknown {
  return {
    version: textOrUndefined(v.version),
    itemId: v.itemId.trim(),
    documentReference: textOrUndefined(v.documentReference),
    activeFromDate: v.activeFromDate.trim(),
    activeUntilDate: textOrUndefined(v.activeUntilDate),
    quantity: numberOrUndefined(v.quantity),
    uom: v.uom.trim(),
    processingType: v.processingType,
    storageLocationReference: textOrUndefined(v.storageLocationReference),
    formulaLines: v.formulaLines.map(line),
    secondaryProducts:
      v.secondaryProducts.length === 0
        ? undefined
        : v.secondaryProducts.map((p) => ({ ...line(p), isWaste: p.isWaste === '' ? undefined : p.isWaste === 'true' })),
  };
}

const lineValues = (l: Record<string, unknown>): FormulaLineValues => ({
  itemId: asText(l['itemId']),
  quantity: asText(l['quantity']),
  uom: asText(l['uom']),
});
const wasteValue = (value: unknown): SecondaryProductValues['isWaste'] =>
  value === true || value === 'true' ? 'true' : value === false || value === 'false' ? 'false' : '';

/** A formula message from a file (JSON or XML, any shape) as form values, so its problems show next to the fields. */
export function formulaFormValuesFrom(message: unknown): FormulaFormValues {
  const m = asRecord(message);
  return {
    version: asText(m['version']),
    itemId: asText(m['itemId']),
    documentReference: asText(m['documentReference']),
    activeFromDate: asText(m['activeFromDate']),
    activeUntilDate: asText(m['activeUntilDate']),
    quantity: asText(m['quantity']),
    uom: asText(m['uom']),
    processingType: asText(m['processingType']),
    storageLocationReference: asText(m['storageLocationReference']),
    formulaLines: asRecords(m['formulaLines']).map(lineValues),
    secondaryProducts: asRecords(m['secondaryProducts']).map((p) => ({ ...lineValues(p), isWaste: wasteValue(p['isWaste']) })),
  };
}

export const formulaResolver = contractResolver<FormulaFormValues, Formula>(formulaSchema, toFormulaMessage);

/** A stored draft still shaped like the form's values. */
export const isFormulaFormValues = (v: unknown): v is FormulaFormValues =>
  isObject(v) && Array.isArray(v['formulaLines']) && Array.isArray(v['secondaryProducts']);
