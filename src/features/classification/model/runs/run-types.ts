import type { z } from 'zod';
import type { classificationOptionSchema } from '../../../../contract/classification';

export { normaliseCode, type Jurisdiction } from '../../../../contract/classification';
export type ClassificationOption = z.infer<typeof classificationOptionSchema>;
