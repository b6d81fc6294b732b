import { findField, labelFor, type FieldCatalogue } from './field-catalogue';

export interface ServerFieldErrors {
  /** Errors for controls the dialog renders, in the dialog's field order (the first gets focus). */
  onFields: { name: string; message: string }[];
  /** Errors for paths with no control (the body, a whole list), shown above the submit button. */
  general: string[];
}

/**
 * Splits the invalid-parameters of a 400 (dotted paths such as
 * `governmentAgencyGoodsItems.0.exciseGoodsItem.bodyReportOfReceipt.refusedQuantity`) into
 * those that land on a field and those that do not.
 */
export function splitServerFieldErrors(fieldErrors: Readonly<Record<string, readonly string[]>>, catalogue: FieldCatalogue): ServerFieldErrors {
  const onFields: { name: string; message: string; order: number }[] = [];
  const general: string[] = [];
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const message = messages.join(' ');
    const field = findField(catalogue, name);
    if (field?.control) onFields.push({ name, message, order: field.index });
    else general.push(name === '(body)' || name === '' ? message : `${labelFor(catalogue, name)}: ${message}`);
  }
  onFields.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, undefined, { numeric: true }));
  return { onFields: onFields.map(({ name, message }) => ({ name, message })), general };
}
