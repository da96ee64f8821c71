import type { OpenNotificationParams } from '@refinedev/core';
import { UNEXPECTED_ERROR_MESSAGE } from '../../providers/api-error';
import type { FormMode } from '../../resources/types';

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'City added successfully' / 'City updated successfully'. */
export function savedMessage(singular: string, mode: FormMode): string {
  return `${capitalise(singular)} ${mode === 'create' ? 'added' : 'updated'} successfully`;
}

/** Refine's own error notices: 'Error (status code: 409)', 'There was an error creating city (status code: 409'. */
const REFINE_STATUS_NOTICE = /\(status code: [^)]*\)?\s*$/;

/**
 * An error notification as a person should read it: the server's (or the catalogue's) words alone, never Refine's
 * '(status code: 409)' title above them nor the same sentence twice; and one notice per problem (antd replaces a
 * notice with the same key, so two hooks failing on one request, or a double click, show it once).
 */
export function readableNotification(params: OpenNotificationParams): OpenNotificationParams {
  if (params.type !== 'error') return params;
  const description = params.description?.trim() || undefined;
  const refineDefault = REFINE_STATUS_NOTICE.test(params.message);
  const message = refineDefault ? (description ?? UNEXPECTED_ERROR_MESSAGE) : params.message;
  const details = refineDefault || description === message ? undefined : description;
  return { ...params, message, description: details, key: `error:${message}` };
}
