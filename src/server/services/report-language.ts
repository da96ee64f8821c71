import type { FastifyReply } from 'fastify';
import { translateText } from '../../domain/i18n/catalogue.js';
import { languageOfHeader } from '../../domain/i18n/languages.js';

/**
 * A download's own words (a report's header, section and window names; a list's column titles) in the request's language
 * (Accept-Language), found in the language files by their English; English as written when English is asked for, and
 * data (names, numbers, dates) never passed through it.
 */
export function downloadWords(reply: FastifyReply): (text: string) => string {
  const language = languageOfHeader(reply.request.headers['accept-language']);
  return (text) => translateText(text, language);
}
