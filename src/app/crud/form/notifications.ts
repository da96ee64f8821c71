import type { OpenNotificationParams } from '@refinedev/core';
import { FLAT } from '../../../domain/i18n/translations';
import { LANGUAGES } from '../../../domain/i18n/languages';
import { UNEXPECTED_ERROR_MESSAGE } from '../../providers/api-error';
import type { FormMode } from '../../resources/types';
import { capitalise, type Tx } from '../texts';

/** 'City added successfully' / 'City updated successfully' (English: the notification says it in the user's language). */
export function savedMessage(singular: string, mode: FormMode): string {
  const entity = capitalise(singular);
  return mode === 'create' ? `${entity} added successfully` : `${entity} updated successfully`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Refine's own error notices: 'Error (status code: 409)', 'There was an error creating city (status code: 409', in
 * English or as the language files say Refine's 'notifications.error' ('त्रुटि (स्थिति कोड: 409)').
 */
const refineStatusNotice = () =>
  new RegExp(
    `(?:${[...new Set(LANGUAGES.map((language) => (FLAT[language]?.get('notifications.error') ?? '').replace(/^[^(]*|\{\{.*$/g, '')))]
      .filter(Boolean)
      .map(escape)
      .join('|')})[^)]*\\)?\\s*$`,
  );

/**
 * An error notification as a person should read it: the server's (or the catalogue's) words alone, never Refine's
 * '(status code: 409)' title above them nor the same sentence twice; and one notice per problem (antd replaces a
 * notice with the same key, so two hooks failing on one request, or a double click, show it once).
 */
export function readableNotification(params: OpenNotificationParams): OpenNotificationParams {
  if (params.type !== 'error') return params;
  const description = params.description?.trim() || undefined;
  const refineDefault = refineStatusNotice().test(params.message);
  const message = refineDefault ? (description ?? UNEXPECTED_ERROR_MESSAGE) : params.message;
  const details = refineDefault || description === message ? undefined : description;
  return { ...params, message, description: details, key: `error:${message}` };
}

/**
 * A notification's message and description in the user's language: a text of ours given in English ('Failed to fetch
 * cities', 'City deleted successfully') is translated; the server's words come in the user's language already.
 */
export function notificationInLanguage(params: OpenNotificationParams, tx: Tx): OpenNotificationParams {
  const message = tx(params.message);
  const description = params.description && tx(params.description);
  return message === params.message && description === params.description ? params : { ...params, message, description };
}
