import hi from './hi.json';
import { addLanguage } from './translations.js';

/** Every language's texts at once, for the API and the tests; the SPA adds a language when someone reads it. */
addLanguage('hi', hi);

export * from './translations.js';
