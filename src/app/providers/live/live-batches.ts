import type { LiveEvent } from '@refinedev/core';
import { liveType, touchedResources, type ChangeEvent } from './change-event';

/** What a screen listens to: Refine's `resources/<name>` channels, or a screen's own list of resources ('all': any). */
export type LiveSubscription = {
  channel: string;
  resources: ReadonlySet<string> | 'all';
  /** A record's screen (useOne, useMany, an edit form): only changes of these records. */
  ids?: ReadonlySet<string>;
  types: readonly string[];
  callback: (event: LiveEvent) => void;
};

/** Beyond this many records in one window, a screen is told 'everything changed' rather than handed a long list. */
export const MAX_IDS = 100;
/** The newest changes a batch hands on (who made them, for an edit form's notice); a bulk import's thousands are not kept. */
const KEPT_CHANGES = 20;

export function concerns(subscription: LiveSubscription, change: ChangeEvent): boolean {
  const { resources, ids, types } = subscription;
  if (resources !== 'all' && !touchedResources(change).some((name) => resources.has(name))) return false;
  // A change of no single record (a bulk step) may be of any record.
  if (ids && change.record_id !== null && !ids.has(change.record_id)) return false;
  return types.includes('*') || types.includes(liveType(change.action));
}

/** The changes one subscription heard within a window. */
export type Batch = { ids: Set<string>; anyRecord: boolean; types: Set<LiveEvent['type']>; changes: ChangeEvent[] };

export const emptyBatch = (): Batch => ({ ids: new Set(), anyRecord: false, types: new Set(), changes: [] });

export function addToBatch(batch: Batch, change: ChangeEvent): void {
  if (change.record_id === null) batch.anyRecord = true;
  else batch.ids.add(change.record_id);
  batch.types.add(liveType(change.action));
  batch.changes.push(change);
  if (batch.changes.length > KEPT_CHANGES) batch.changes.shift();
}

/** One Refine LiveEvent for a window's changes: their record ids merged, or '*' without ids when there are too many. */
export function batchEvent(channel: string, batch: Batch): LiveEvent {
  const last = batch.changes.at(-1);
  const date = last ? new Date(last.at) : new Date();
  const changes = [...batch.changes];
  if (batch.anyRecord || batch.ids.size > MAX_IDS) return { channel, type: '*', payload: { changes }, date };
  const type = batch.types.size === 1 ? [...batch.types][0]! : '*';
  return { channel, type, payload: { ids: [...batch.ids], changes }, date };
}

type Timers = { set: (run: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
const browserTimers: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };

/**
 * Coalesces bursts (a bulk import announces thousands of changes a second): each subscription gets at most one callback
 * per window, with the window's record ids merged.
 */
export function createBatcher(windowMs = 250, timers: Timers = browserTimers) {
  const pending = new Map<LiveSubscription, Batch>();
  let timer: unknown = null;

  const flush = () => {
    timer = null;
    const due = [...pending];
    pending.clear();
    for (const [subscription, batch] of due) subscription.callback(batchEvent(subscription.channel, batch));
  };

  return {
    add(subscription: LiveSubscription, change: ChangeEvent) {
      let batch = pending.get(subscription);
      if (!batch) pending.set(subscription, (batch = emptyBatch()));
      addToBatch(batch, change);
      timer ??= timers.set(flush, windowMs);
    },
    /** An unsubscribed screen hears nothing more, not even what it was about to. */
    drop(subscription: LiveSubscription) {
      pending.delete(subscription);
    },
    clear() {
      pending.clear();
      if (timer !== null) timers.clear(timer);
      timer = null;
    },
  };
}
