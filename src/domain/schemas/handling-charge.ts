import { z } from 'zod';
import { money, requiredText } from './common.js';

export const handlingChargeSchema = z.object({
  charge_type: requiredText('Charge type', 100),
  amount: money('Amount'),
});
export type HandlingChargeInput = z.infer<typeof handlingChargeSchema>;
