import { z } from 'zod';
import { inputSchemaOf } from '../resource.js';
import { warehousesResource } from '../resources/warehouses.js';

/** A warehouse's body, from its declaration (src/domain/resources/warehouses.ts). */
export const warehouseSchema = inputSchemaOf(warehousesResource);
export type WarehouseInput = z.infer<typeof warehouseSchema>;
