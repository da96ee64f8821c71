import { describe, expect, it } from 'vitest';
import { codeOfText, translateText } from '../../../src/domain/i18n/catalogue';
import { languageOfHeader } from '../../../src/domain/i18n/languages';

describe('translateText', () => {
  it('leaves English as it is', () => {
    expect(translateText('Password is required', 'en')).toBe('Password is required');
  });

  it('finds a text of ours by its English words', () => {
    expect(translateText('Password is required', 'hi')).toBe('पासवर्ड आवश्यक है');
    expect(codeOfText('Password is required')).toBe('login.passwordRequired');
  });

  it('fills a template, translating a parameter that is a text of ours and keeping data as typed', () => {
    expect(translateText('Not available to the Warehouse User role.', 'hi')).toBe('गोदाम उपयोगकर्ता भूमिका के लिए उपलब्ध नहीं है।');
    expect(translateText('Not available to the Store auditor role.', 'hi')).toBe('Store auditor भूमिका के लिए उपलब्ध नहीं है।');
    expect(codeOfText('Not available to the Store auditor role.')).toBe('access.notForRole');
  });

  it("translates each of several '; '-joined messages", () => {
    expect(translateText('Password is required; Email or phone is required', 'hi')).toBe('पासवर्ड आवश्यक है; ईमेल या फ़ोन आवश्यक है');
  });

  it('leaves a text it does not know (data) untouched, in every language', () => {
    expect(translateText('Toned Milk 500 ml', 'hi')).toBe('Toned Milk 500 ml');
    expect(translateText('Toned Milk 500 ml', 'en-XA')).toBe('Toned Milk 500 ml');
    expect(codeOfText('Toned Milk 500 ml')).toBeUndefined();
  });

  it('marks what it translates in the pseudo language', () => {
    expect(translateText('Password is required', 'en-XA')).toBe('⟦Password is required⟧');
  });
});

describe('languageOfHeader', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['hi', 'hi'],
    ['hi-IN,hi;q=0.9,en;q=0.8', 'hi'],
    ['en-IN,en;q=0.9,hi;q=0.8', 'en'],
    ['fr-FR,hi;q=0.5', 'hi'],
    ['fr-FR,de;q=0.5', 'en'],
    ['en;q=0.2,hi;q=0.9', 'hi'],
    ['hi;q=0,en', 'en'],
    ['HI', 'hi'],
    ['en-XA', 'en-XA'],
    ['*', 'en'],
  ])('%s → %s', (header, language) => {
    expect(languageOfHeader(header)).toBe(language);
  });
});

describe("a refusal's summary", () => {
  it('keeps the API name of a field its message does not name, and translates the message', () => {
    expect(translateText('emailOrPhone: Email or phone is required; Password is required', 'hi')).toBe('emailOrPhone: ईमेल या फ़ोन आवश्यक है; पासवर्ड आवश्यक है');
  });
});
