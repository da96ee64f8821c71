import { actionLabel, type ResourceDeclaration, type Workflow, type WorkflowAction } from '../../domain/resource.js';
import type { CurrentUser } from '../auth/access.js';
import type { Tx } from '../db/client.js';
import { HttpError, badRequest } from '../http/errors.js';

type Row = Record<string, unknown>;

/**
 * A resource's own code run by one of its workflow steps, in the step's transaction, before the status moves
 * (receiving an order posts stock). `record`: the locked header row as it was. Where the step declares several
 * statuses it may end in, it answers which one.
 */
export type ActionHook = (tx: Tx, step: { record: Row; input: Row; by: CurrentUser; action: string }) => Promise<void | { status?: string }>;

/** The declaration's workflow: the status field, its steps, the statuses in which it may be edited. */
export function workflowOf(spec: ResourceDeclaration): { field: string; workflow: Workflow } | null {
  const entry = Object.entries(spec.fields).find(([, f]) => f.workflow);
  return entry ? { field: entry[0], workflow: entry[1].workflow! } : null;
}

/** What a status is called ('Partially received'), from the choice's options. */
export function statusLabel(spec: ResourceDeclaration, field: string, value: unknown): string {
  return spec.fields[field]?.options?.find((o) => o.value === value)?.label ?? String(value);
}

/** 409 naming the current status, with it in the body for a client to act on. */
export function notFromStatus(spec: ResourceDeclaration, field: string, current: unknown, what: string): HttpError {
  return new HttpError(409, `This ${spec.entity.singular} is ${statusLabel(spec, field, current).toLowerCase()}: ${what}`, undefined, undefined, {
    status: current,
  });
}

/** A step may run from the record's status, with its note when the step needs one. */
export function checkStep(
  spec: ResourceDeclaration,
  field: string,
  workflow: Workflow,
  name: string,
  current: unknown,
  note: string | undefined,
): WorkflowAction {
  const action = workflow.actions[name]!;
  if (!action.from.includes(String(current))) throw notFromStatus(spec, field, current, `'${actionLabel(name, action)}' is not possible`);
  if (action.note === 'required' && !note?.trim()) throw badRequest('note', `Say why: a note is required to ${actionLabel(name, action).toLowerCase()}`);
  return action;
}

/** An update or delete of a record whose status the workflow no longer lets change. */
export function checkEditable(spec: ResourceDeclaration, field: string, workflow: Workflow, current: unknown, what: 'changed' | 'deleted'): void {
  if (workflow.editable && !workflow.editable.includes(String(current))) {
    throw notFromStatus(spec, field, current, `it can no longer be ${what}`);
  }
}
