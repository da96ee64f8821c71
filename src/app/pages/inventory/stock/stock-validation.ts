import { z } from 'zod';
import { addStockSchema, adjustStockSchema } from '../../../../domain/schemas/inventory';

/** The first failing rule of a stock form, in the order of SPEC.md section 5, and the field it belongs to. */
export type FirstIssue = { field: string; message: string };

export type Checked<T> = { ok: true; data: T } | { ok: false; issue: FirstIssue };

function check<S extends z.ZodType>(schema: S, values: unknown): Checked<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, issue: { field: String(issue.path[0] ?? ''), message: issue.message } };
}

/** Add: the API's own schema, so the screen and the server check the same rules in the same order. */
export const addFormSchema = addStockSchema;
export const checkAddStock = (values: unknown) => check(addFormSchema, values);

/**
 * Adjust: the same form minus the seller, where the quantity is the new stock level, so 0 is allowed
 * (an emptied record can then be deleted); the other fields keep the add screen's rules and messages. The unit cost is
 * the API's: optional, the cost of the units an increase adds (blank: they enter at the current average).
 */
export const adjustFormSchema = z.object({
  quantity: adjustStockSchema.shape.new_stock,
  unit_cost: adjustStockSchema.shape.unit_cost,
  movement_reason: addStockSchema.shape.movement_reason,
  reference_id: addStockSchema.shape.reference_id,
  reference_type: addStockSchema.shape.reference_type,
  notes: addStockSchema.shape.notes,
});
export const checkAdjustStock = (values: unknown) => check(adjustFormSchema, values);
