import type { BaseRecord, CreateParams, DataProvider, DeleteOneParams, UpdateParams } from '@refinedev/core';
import simpleRest from '@refinedev/simple-rest';
import type { AxiosInstance } from 'axios';
import type { Operation, SpaResource } from '../resources/types';
import { toApiError } from './api-error';
import { normaliseList, withId } from './list-response';
import { compactQuery, filterParams, paginationParams, sortParams } from './query-params';

export type DataProviderOptions = {
  /** The axios instance whose baseURL is the API base (its interceptors add the token and refresh it). */
  http: AxiosInstance;
  apiUrl: string;
  findDeclaration: (name: string) => SpaResource | undefined;
  defaultErrorMessage: (declaration: SpaResource | undefined, operation: Operation) => string | undefined;
};

/** `If-Match: "<version>"` when the version is known (an integer, or its digits); without one the API saves as before. */
export function ifMatch(version: unknown): Record<string, string> {
  const known = (typeof version === 'number' && Number.isInteger(version)) || (typeof version === 'string' && /^\d+$/.test(version));
  return known ? { 'If-Match': `"${String(version)}"` } : {};
}

/**
 * simple-rest serves every resource that follows its conventions; the declarations add only where the API
 * differs (list shape, create path, update method), and list paging/sorting/filtering use the API's names.
 * `meta.errorMessage` overrides an operation's catalogue default; an update's `meta.version` (the version of the record
 * its form loaded) is sent as `If-Match`, so the API refuses with a 409 a save over a change its author did not see.
 */
export function createDataProvider({ http, apiUrl, findDeclaration, defaultErrorMessage }: DataProviderOptions): DataProvider {
  // Paths are relative: axios prefixes its baseURL.
  const rest = simpleRest('', http);

  const resolve = (resource: string) => {
    const declaration = findDeclaration(resource);
    const api = declaration?.api ?? {};
    return { declaration, path: api.path ?? resource, api };
  };

  async function call<T>(resource: string, operation: Operation, meta: Record<string, unknown> | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const message = typeof meta?.errorMessage === 'string' ? meta.errorMessage : defaultErrorMessage(resolve(resource).declaration, operation);
      throw toApiError(error, message);
    }
  }

  const provider: DataProvider = {
    getApiUrl: () => apiUrl,

    getList: ({ resource, pagination, sorters, filters, meta }) =>
      call(resource, 'list', meta, async () => {
        const { path, api } = resolve(resource);
        const params = {
          ...paginationParams(pagination),
          ...sortParams(sorters),
          ...filterParams(filters),
          ...compactQuery(meta?.query as Record<string, unknown> | undefined),
        };
        const { data } = await http.get<unknown>(`/${path}`, { params });
        return normaliseList(data, api.listKey);
      }),

    getMany: <TData extends BaseRecord = BaseRecord>({ resource, ids, meta }: Parameters<NonNullable<DataProvider['getMany']>>[0]) =>
      call(resource, 'one', meta, async () => ({
        data: await Promise.all(ids.map(async (id) => withId((await rest.getOne<TData>({ resource: resolve(resource).path, id, meta })).data))),
      })),

    getOne: <TData extends BaseRecord = BaseRecord>({ resource, id, meta }: Parameters<DataProvider['getOne']>[0]) =>
      call(resource, 'one', meta, async () => {
        const { data } = await rest.getOne<TData>({ resource: resolve(resource).path, id, meta });
        return { data: withId(data) };
      }),

    create: <TData extends BaseRecord = BaseRecord, TVariables = unknown>({ resource, variables, meta }: CreateParams<TVariables>) =>
      call(resource, 'create', meta, async () => {
        const { path, api } = resolve(resource);
        const { data } = await rest.create<TData, TVariables>({ resource: api.createPath ?? path, variables, meta });
        return { data: withId(data) };
      }),

    update: <TData extends BaseRecord = BaseRecord, TVariables = unknown>({ resource, id, variables, meta }: UpdateParams<TVariables>) =>
      call(resource, 'update', meta, async () => {
        const { path, api } = resolve(resource);
        const method = (api.updateMethod ?? 'PUT').toLowerCase();
        const headers = { ...(meta?.headers as Record<string, string> | undefined), ...ifMatch(meta?.version) };
        const { data } = await rest.update<TData, TVariables>({ resource: path, id, variables, meta: { ...meta, method, headers } });
        return { data: withId(data) };
      }),

    deleteOne: <TData extends BaseRecord = BaseRecord, TVariables = unknown>({ resource, id, variables, meta }: DeleteOneParams<TVariables>) =>
      call(resource, 'delete', meta, async () => {
        const { data } = await rest.deleteOne<TData, TVariables>({ resource: resolve(resource).path, id, variables, meta });
        return { data };
      }),

    /** `useCustom` for dashboards and reports: `url` is an API path such as '/inventory/report'. */
    custom: async ({ url, method, filters, sorters, payload, query, headers, meta }) => {
      const path = url.startsWith(`${apiUrl}/`) ? url.slice(apiUrl.length) : url;
      try {
        const { data } = await http.request({
          url: path,
          method,
          data: payload,
          headers,
          params: { ...sortParams(sorters), ...filterParams(filters), ...compactQuery(query as Record<string, unknown> | undefined) },
        });
        return { data };
      } catch (error) {
        throw toApiError(error, typeof meta?.errorMessage === 'string' ? meta.errorMessage : undefined);
      }
    },
  };
  return provider;
}
