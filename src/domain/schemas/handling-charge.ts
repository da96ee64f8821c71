import { z } from 'zod';
import { inputSchemaOf } from '../resource.js';
import { handlingChargesResource } from '../resources/handling-charges.js';

export const handlingChargeSchema = inputSchemaOf(handlingChargesResource);
export type HandlingChargeInput = z.infer<typeof handlingChargeSchema>;
