import type { HttpError } from '@refinedev/core';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { placeRefusal } from '../../crud/show/step-form-errors';
import type { StepFormProps } from '../../resources/types';
import type { OrderLine, PurchaseOrder } from './types';

/**
 * What the receive and return dialogs share: the rows they offer, chosen when the dialog opens and kept in that order
 * (each showing the line's figures as the record has them now), and sending the body, a refusal put back where it
 * belongs: a line's message in its cell, the rest above the rows. What was typed stays either way.
 */
export function useLinesStep(
  order: PurchaseOrder,
  offered: (lines: readonly OrderLine[]) => OrderLine[],
  form: FormInstance,
  submit: StepFormProps['submit'],
  lineFields: readonly string[],
) {
  const [ids] = useState(() => offered(order.lines).map((l) => l._id));
  const latest = new Map(order.lines.map((l) => [l._id, l]));
  const rows = ids.flatMap((id) => latest.get(id) ?? []);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (body: Record<string, unknown>, rowOf: readonly number[]) => {
    setProblem(null);
    try {
      await submit(body);
    } catch (error) {
      const placed = placeRefusal(error as HttpError, { list: 'lines', rowOf, lineFields, fields: ['note'] });
      form.setFields(placed.fields);
      setProblem(placed.rest);
      if (placed.fields[0]) form.scrollToField(placed.fields[0].name, { block: 'center' });
    }
  };
  return { rows, problem, setProblem, send };
}
