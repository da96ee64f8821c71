import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

export type StubRequest = { method: string; url: string; body: unknown; authorization?: string };
export type StubReply = { status?: number; body?: unknown };

/** An axios transport answering from a route table and recording every request. */
export function stubApi(routes: Record<string, (request: StubRequest) => StubReply>) {
  const requests: StubRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: StubRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      authorization: config.headers.get('Authorization') as string | undefined,
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.url}`];
    const { status = 200, body } = route ? route(request) : { status: 404, body: { message: 'Not found' } };
    const response = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  return { adapter, requests };
}
