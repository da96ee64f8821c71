import { ApiError } from '../../../providers/api-error';
import { http } from '../../../providers/sign-in';

export type DownloadOptions = {
  /** Bytes received so far, as they arrive (the API streams the file: its size is not known before the end). */
  onProgress?: (bytes: number) => void;
  /** A CSV with no row under its header is not saved: the call resolves `false` instead (a list's 'Nothing to export.'). */
  skipEmptyCsv?: boolean;
  /**
   * Said when a refusal carries no message of its own; given, the API's own message (sent as the file's body) is read
   * and shown instead of the status's words.
   */
  errorMessage?: string;
};

/** Under this size a file may be a header alone: read to tell (a row makes any real file far larger). */
const SMALL = 4096;

/** Whether CSV text has no line under its header. */
const headerOnly = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\r?\n$/, '')
    .split(/\r?\n/).length <= 1;

/** The API's message of a refusal sent as the file's body (a Blob, not JSON, since a file was asked for). */
async function refusal(data: unknown, status: number, fallback: string): Promise<ApiError> {
  let message: string | undefined;
  try {
    const body = JSON.parse(await (data as Blob).text()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message.trim()) message = body.message;
  } catch {
    // Not JSON (a proxy's page): the default below says it.
  }
  return new ApiError(message ?? fallback, status, message ? 'server' : 'status');
}

/**
 * Saves a file the API streams (a list's or a report's every row as CSV), through the signed-in HTTP client: a plain
 * link would carry no bearer token (a 401 still refreshes the token and retries, in the client). The file name is the
 * one the API gives. A download cut short (the server or the network failing part-way) rejects with the client's
 * network error: nothing is saved, so a short file never passes for a whole one. Resolves whether it was saved.
 */
export async function downloadFromApi(
  url: string,
  params: Record<string, string | number | boolean>,
  fallbackName: string,
  options: DownloadOptions = {},
): Promise<boolean> {
  const { onProgress, errorMessage } = options;
  const response = await http.get<Blob>(url, {
    params,
    responseType: 'blob',
    // A refusal's JSON arrives as a Blob: read below for its message. A 401 still goes through the client's refresh.
    ...(errorMessage !== undefined && { validateStatus: (status: number) => status < 300 || (status >= 400 && status !== 401), errorMessage }),
    ...(onProgress && { onDownloadProgress: (event: { loaded: number }) => onProgress(event.loaded) }),
  });
  if (errorMessage !== undefined && response.status >= 400) throw await refusal(response.data, response.status, errorMessage);
  if (options.skipEmptyCsv && response.data.size < SMALL && headerOnly(await response.data.text())) return false;
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // As downloadCsvText: a busy machine reads the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return true;
}
