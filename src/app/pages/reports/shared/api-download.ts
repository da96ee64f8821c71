import { http } from '../../../providers/sign-in';

/**
 * Saves a file the API streams (a report's every row as CSV), through the signed-in HTTP client: a plain link would
 * carry no bearer token. The file name is the one the API gives.
 */
export async function downloadFromApi(url: string, params: Record<string, string | number>, fallbackName: string): Promise<void> {
  const response = await http.get<Blob>(url, { params, responseType: 'blob' });
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
}
