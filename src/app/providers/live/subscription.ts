import type { LiveProvider } from '@refinedev/core';
import type { LiveSubscription } from './live-batches';

export type SubscribeOptions = Parameters<LiveProvider['subscribe']>[0];

/** Refine's data hooks listen on `resources/<name>`; a screen of several resources passes `params.resources`. */
const RESOURCE_CHANNEL = 'resources/';

const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * What a Refine subscription listens to. A list (useList, useTable) hears every change of its resource; a record's hook
 * (useOne, useMany, an edit form) only its records' changes; `params.resources` '*' hears every change the user may see.
 */
export function subscriptionOf({ channel, types, params, callback }: SubscribeOptions): LiveSubscription {
  const resources = new Set(names(params?.resources));
  if (channel.startsWith(RESOURCE_CHANNEL)) resources.add(channel.slice(RESOURCE_CHANNEL.length));
  const all = params?.resources === '*';
  const forRecords = params?.subscriptionType === 'useOne' || params?.subscriptionType === 'useMany' || Array.isArray(params?.ids);
  const ids = forRecords && Array.isArray(params?.ids) ? new Set(params.ids.map(String)) : undefined;
  return { channel, resources: all ? 'all' : resources, ids, types: types.length ? types : ['*'], callback };
}
