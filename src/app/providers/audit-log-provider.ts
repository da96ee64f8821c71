import type { AuditLogProvider } from '@refinedev/core';
import type { AxiosInstance } from 'axios';
import type { HistoryItem } from '../../domain/schemas/history';
import { toApiError } from './api-error';
import { normaliseList } from './list-response';
import { compactQuery } from './query-params';

export const HISTORY_ERROR_MESSAGE = 'Failed to fetch history';

/** What `useLogList` answers: one page of entries, newest first, and how many there are in all (`capped`: at least that many). */
export type HistoryPage = { data: HistoryItem[]; total: number; capped: boolean };

/**
 * The filters of GET /api/history, passed to `useLogList` as its `meta` (Refine keys the query by `meta` only, so every
 * filter and the page go there): `id` is the record's id (the API's `record_id`).
 */
export type HistoryMeta = {
  id?: string;
  page?: number;
  limit?: number;
  user_id?: string;
  action?: string;
  /** Business days (India), 'YYYY-MM-DD', both ends included. */
  from?: string;
  to?: string;
};

type Options = {
  http: AxiosInstance;
  /** A change went through (Refine tells the provider after each mutation): the history shown may be out of date. */
  onRecordChanged?: (resource: string) => void;
};

/**
 * Refine's audit log provider on GET /api/history: `useLogList({resource, meta})` reads one page of a record's history
 * (`meta.id`) or of everything (no resource, no id), with the API's filters.
 *
 * It writes nothing. The API records every change itself, in the same transaction as the change (who, when, old → new),
 * so an entry exists exactly when the change does; what a browser says happened is not evidence and is never sent.
 * Refine calls `create` after each create, update and delete through its data hooks: here that only tells the screens
 * showing history to read it again. `update` (renaming an entry) has nothing to rename: entries are append-only.
 */
export function createAuditLogProvider({ http, onRecordChanged }: Options): AuditLogProvider {
  return {
    async get({ resource, meta }): Promise<HistoryPage> {
      const { id, ...filters } = (meta ?? {}) as HistoryMeta;
      try {
        const { data } = await http.get<unknown>('/history', { params: compactQuery({ resource, record_id: id, ...filters }) });
        const capped = typeof data === 'object' && data !== null && (data as { total_capped?: unknown }).total_capped === true;
        return { ...normaliseList<HistoryItem>(data), capped };
      } catch (error) {
        throw toApiError(error, HISTORY_ERROR_MESSAGE);
      }
    },
    async create({ resource }) {
      onRecordChanged?.(resource);
    },
    async update() {
      return undefined;
    },
  };
}
