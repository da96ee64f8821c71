import { z } from 'zod';
import { WAREHOUSE_STATUSES } from '../constants.js';
import { choice, email, optionalText, phone, requiredText } from './common.js';

export const warehouseSchema = z.object({
  name: requiredText('Warehouse name', 150),
  city_id: requiredText('City', 64),
  address: requiredText('Address', 500),
  status: choice(WAREHOUSE_STATUSES, 'Status', "Status must be 'active' or 'inactive'"),
  description: optionalText('Description', 1000),
  contact_person: requiredText('Contact person', 150),
  contact_phone: phone('Contact phone'),
  contact_email: email('Contact email'),
});
export type WarehouseInput = z.infer<typeof warehouseSchema>;
