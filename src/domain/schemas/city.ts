import { z } from 'zod';
import { requiredText } from './common.js';

export const PINCODE_MESSAGE = 'Please enter a valid 6-digit pincode';

export const citySchema = z.object({
  name: requiredText('City name', 100),
  state: requiredText('State', 100),
  district: requiredText('District', 100),
  pincode: z
    .union([z.string(), z.number()], { error: PINCODE_MESSAGE })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{6}$/, PINCODE_MESSAGE)),
  // Blank wards are dropped before the at-least-one check (SPEC.md section 5).
  wards: z
    .array(z.string({ error: 'Each ward must be text' }), { error: 'Wards are required' })
    .transform((wards) => wards.map((w) => w.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(100, 'A ward name must be at most 100 characters')).min(1, 'At least one ward is required').max(500)),
  is_active: z.boolean({ error: 'is_active must be true or false' }).default(true),
});
export type CityInput = z.infer<typeof citySchema>;
