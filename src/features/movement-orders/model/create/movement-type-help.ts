import type { MovementType } from '../../../../contract/movement-orders';

/** What each movement type does and which parts of the form it adds (specification, Movement order). */
export const MOVEMENT_TYPE_HELP: Readonly<Record<MovementType, string>> = {
  PROC: 'Goods made in the warehouse: inputs out, products in.',
  UFOH: 'Usual forms of handling (repacking, sorting, labelling) of goods in stock.',
  ADJP: 'Stock found or received: adds stock. Adds the excise register category and adjustment data.',
  ADJN: 'Stock lost or dispatched: removes stock. Adds category, adjustment data, customs destination and write-off rules.',
  TRFA: 'Moves stock to another authorization. Adds the receiving location and authorization per line.',
  TRFR: 'Moves stock between storage locations of one authorization. Adds the receiving location per line.',
  TRFB: 'Moves stock and blends it into a new product. Adds the blend result per line.',
  RFFC: 'Releases stock for free circulation. Adds the customs destination and write-off rules.',
  DCSV: 'Goods destroyed under customs supervision: removes stock.',
};
