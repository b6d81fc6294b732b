/**
 * EMCS code lists used by the declaration actions, as code and meaning.
 * Generated from the EMCS code lists (hmrc/crdl-cache-stub, hmrc/emcs-tfe; Apache-2.0;
 * EU CS/RD2 and SEED reference data) and the specification's own lists where they differ.
 */
export interface CodeMeaning {
  readonly code: string;
  readonly meaning: string;
}

export const codesOf = (list: readonly CodeMeaning[]): string[] => list.map((c) => c.code);

/** Global conclusion of receipt: the codes the specification allows (11 included), meanings from EMCS. */
export const GLOBAL_CONCLUSION_OF_RECEIPT = [
  { code: '1', meaning: 'Receipt accepted and satisfactory' },
  { code: '2', meaning: 'Receipt accepted although unsatisfactory' },
  { code: '3', meaning: 'Receipt refused' },
  { code: '4', meaning: 'Receipt partially refused' },
  { code: '11', meaning: 'Receipt accepted (code accepted by the service)' },
  { code: '21', meaning: 'Exit accepted and satisfactory' },
  { code: '22', meaning: 'Exit accepted although unsatisfactory' },
  { code: '23', meaning: 'Exit refused' },
] as const satisfies readonly CodeMeaning[];

/** Exit conclusions (21-23) conclude an export's exit; the others (1-4, 11) a receipt at destination. */
const EXIT_CONCLUSIONS: readonly string[] = ['21', '22', '23'];

/** The global conclusions a report on a declaration of this direction may give: exit codes for exports (OUT), receipt codes for imports (IN). */
export const globalConclusionsFor = (direction: 'IN' | 'OUT'): readonly CodeMeaning[] =>
  GLOBAL_CONCLUSION_OF_RECEIPT.filter((c) => EXIT_CONCLUSIONS.includes(c.code) === (direction === 'OUT'));

/** BC46 unsatisfactory reason codes. */
export const UNSATISFACTORY_REASONS = [
  { code: '0', meaning: 'Other' },
  { code: '1', meaning: 'Excess' },
  { code: '2', meaning: 'Shortage' },
  { code: '3', meaning: 'Goods damaged' },
  { code: '4', meaning: 'Broken seal' },
  { code: '5', meaning: 'Reported by ECS' },
  { code: '7', meaning: 'Quantity higher than the one on the temporary authorisation' },
] as const satisfies readonly CodeMeaning[];

/** BC43 e-AD cancellation reasons (specification: Invalidate reason codes 0-4). */
export const CANCELLATION_REASONS = [
  { code: '0', meaning: 'Other' },
  { code: '1', meaning: 'Typing error' },
  { code: '2', meaning: 'Commercial transaction interrupted' },
  { code: '3', meaning: 'Duplicate e-AD' },
  { code: '4', meaning: 'The movement has not begun at the date of dispatch' },
] as const satisfies readonly CodeMeaning[];

/** Reject or Alert EAD reasons 0-3 (specification wording). */
export const ALERT_OR_REJECTION_REASONS = [
  { code: '0', meaning: 'Other' },
  { code: '1', meaning: 'e-AD does not concern the consignee' },
  { code: '2', meaning: 'Products do not correspond with the order' },
  { code: '3', meaning: 'Quantities do not correspond with the order' },
] as const satisfies readonly CodeMeaning[];

/** Delay for Delivery explanation codes 0-5 (specification wording; EMCS BC51 differs and the specification governs). */
export const DELAY_EXPLANATIONS = [
  { code: '0', meaning: 'Other' },
  { code: '1', meaning: 'Commercial problems' },
  { code: '2', meaning: 'Strike or labour dispute' },
  { code: '3', meaning: 'Severe weather' },
  { code: '4', meaning: 'Accident or incident on route' },
  { code: '5', meaning: 'Inspection by an authority' },
] as const satisfies readonly CodeMeaning[];

/** Delay for Delivery message role (HMRC emcs-tfe DelayType). */
export const DELAY_MESSAGE_ROLES = [
  { code: '1', meaning: 'Delay concerning the report of receipt' },
  { code: '2', meaning: 'Delay concerning a change of destination' },
] as const satisfies readonly CodeMeaning[];

/** Change Destination destinationTypeCode (EMCS). */
export const DESTINATION_TYPES = [
  { code: '1', meaning: 'Tax warehouse' },
  { code: '2', meaning: 'Registered consignee' },
  { code: '3', meaning: 'Temporary registered consignee' },
  { code: '4', meaning: 'Direct delivery' },
  { code: '5', meaning: 'Exempted organisations' },
  { code: '6', meaning: 'Export' },
  { code: '8', meaning: 'Unknown destination' },
  { code: '9', meaning: 'Certified consignee' },
  { code: '10', meaning: 'Temporary certified consignee' },
  { code: '11', meaning: 'Return to the place of dispatch of the consignor' },
] as const satisfies readonly CodeMeaning[];

/** Change Destination guarantorTypeCode (EMCS). */
export const GUARANTOR_TYPES = [
  { code: '0', meaning: 'Guarantor not required' },
  { code: '1', meaning: 'Consignor' },
  { code: '12', meaning: 'Consignor and transporter' },
  { code: '123', meaning: 'Consignor, transporter and owner' },
  { code: '1234', meaning: 'Consignor, transporter, owner and consignee' },
  { code: '124', meaning: 'Consignor, transporter and consignee' },
  { code: '13', meaning: 'Consignor and owner' },
  { code: '134', meaning: 'Consignor, owner and consignee' },
  { code: '14', meaning: 'Joint consignor and consignee' },
  { code: '2', meaning: 'Transporter' },
  { code: '23', meaning: 'Transporter and owner' },
  { code: '234', meaning: 'Transporter, owner and consignee' },
  { code: '24', meaning: 'Transporter and consignee' },
  { code: '3', meaning: 'Owner' },
  { code: '34', meaning: 'Owner and consignee' },
  { code: '4', meaning: 'Consignee' },
  { code: '5', meaning: 'No guarantor' },
] as const satisfies readonly CodeMeaning[];

/** BC67 transport modes accepted in EMCS. */
export const TRANSPORT_MODES = [
  { code: '0', meaning: 'Other' },
  { code: '1', meaning: 'Sea Transport' },
  { code: '2', meaning: 'Rail transport' },
  { code: '3', meaning: 'Road Transport' },
  { code: '4', meaning: 'Air Transport' },
  { code: '5', meaning: 'Postal consignment' },
  { code: '7', meaning: 'Fixed transport installations' },
  { code: '8', meaning: 'Inland waterway transport' },
] as const satisfies readonly CodeMeaning[];

/** BC35 transport units. */
export const TRANSPORT_UNITS = [
  { code: '1', meaning: 'Container' },
  { code: '2', meaning: 'Vehicle' },
  { code: '3', meaning: 'Trailer' },
  { code: '4', meaning: 'Tractor' },
  { code: '5', meaning: 'Fixed transport installations' },
] as const satisfies readonly CodeMeaning[];

/** BC12 language codes for complementary information. */
export const LANGUAGES = [
  { code: 'bg', meaning: 'Bulgarian' },
  { code: 'cs', meaning: 'Czech' },
  { code: 'da', meaning: 'Danish' },
  { code: 'de', meaning: 'German' },
  { code: 'el', meaning: 'Greek' },
  { code: 'en', meaning: 'English' },
  { code: 'es', meaning: 'Spanish' },
  { code: 'et', meaning: 'Estonian' },
  { code: 'fi', meaning: 'Finnish' },
  { code: 'fr', meaning: 'French' },
  { code: 'gr', meaning: 'Greek (Latin character)' },
  { code: 'hr', meaning: 'Croatian' },
  { code: 'hu', meaning: 'Hungarian' },
  { code: 'it', meaning: 'Italian' },
  { code: 'lt', meaning: 'Lithuanian' },
  { code: 'lv', meaning: 'Latvian, Lettish' },
  { code: 'mt', meaning: 'Maltese' },
  { code: 'nl', meaning: 'Dutch' },
  { code: 'pl', meaning: 'Polish' },
  { code: 'pt', meaning: 'Portuguese' },
  { code: 'ro', meaning: 'Romanian' },
  { code: 'sk', meaning: 'Slovak' },
  { code: 'sl', meaning: 'Slovenian' },
  { code: 'sv', meaning: 'Swedish' },
] as const satisfies readonly CodeMeaning[];

/** BC36 excise product codes (short English descriptions). */
export const EXCISE_PRODUCTS = [
  { code: 'B000', meaning: 'Beer' },
  { code: 'E200', meaning: 'Vegetable and animal oils' },
  { code: 'E300', meaning: 'Mineral oils' },
  { code: 'E410', meaning: 'Leaded petrol' },
  { code: 'E420', meaning: 'Unleaded petrol' },
  { code: 'E430', meaning: 'Gasoil, unmarked' },
  { code: 'E440', meaning: 'Gasoil, marked' },
  { code: 'E450', meaning: 'Kerosene,' },
  { code: 'E460', meaning: 'Kerosene, marked' },
  { code: 'E470', meaning: 'Heavy fuel oil' },
  { code: 'E480', meaning: 'Products' },
  { code: 'E490', meaning: 'Products' },
  { code: 'E500', meaning: 'Liquified Petroleum gases (LPG)' },
  { code: 'E600', meaning: 'Saturated acyclic hydrocarbons' },
  { code: 'E700', meaning: 'Cyclic hydrocarbons' },
  { code: 'E800', meaning: 'Methanol (methyl alcohol)' },
  { code: 'E910', meaning: 'Fatty-acid mono-alkyl esters, containing by weight 96,5 % or more of esters (FAMAE)' },
  { code: 'E920', meaning: 'Products' },
  { code: 'E930', meaning: 'Additives' },
  { code: 'I000', meaning: 'Intermediate products' },
  { code: 'S200', meaning: 'Spirituous beverages' },
  { code: 'S300', meaning: 'Ethyl alcohol' },
  { code: 'S400', meaning: 'Partially denatured alcohol' },
  { code: 'S500', meaning: 'Other products containing ethyl alcohol' },
  { code: 'S600', meaning: 'Completely denatured alcohol,' },
  { code: 'T200', meaning: 'Cigarettes and products treated as cigarettes' },
  { code: 'T300', meaning: 'Cigars & cigarillos' },
  { code: 'T400', meaning: 'Fine-cut tobacco for the rolling of cigarettes' },
  {
    code: 'T500',
    meaning:
      'Smoking tobacco, other than fine-cut tobacco for the rolling of cigarettes and products treated as smoking tobacco other than fine-cut tobacco for the rolling of cigarettes',
  },
  { code: 'W200', meaning: 'Still wine and still fermented beverages other than wine and beer' },
  { code: 'W300', meaning: 'Sparkling wine and sparkling fermented beverages other than wine and beer' },
] as const satisfies readonly CodeMeaning[];
