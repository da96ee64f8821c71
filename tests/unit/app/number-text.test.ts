import { describe, expect, it } from 'vitest';
import { numberText, parseNumberText, stepNumberText } from '../../../src/app/components/number-text.js';

describe('typed numbers (NumberField)', () => {
  it('reads a plain decimal as a number, blank as nothing, and keeps any other text for the schema to refuse', () => {
    expect(parseNumberText('0')).toBe(0);
    expect(parseNumberText('-3')).toBe(-3);
    expect(parseNumberText('\u22123')).toBe(-3);
    expect(parseNumberText(' 2.5 ')).toBe(2.5);
    expect(parseNumberText('0.001')).toBe(0.001);
    expect(parseNumberText('.5')).toBe(0.5);
    expect(parseNumberText('')).toBeUndefined();
    expect(parseNumberText('   ')).toBeUndefined();
    for (const text of ['1e3', '12abc', '-', '1,000', 'Infinity', '0x10']) expect(parseNumberText(text)).toBe(text);
  });

  it('shows outside values as they are', () => {
    expect(numberText(2.5)).toBe('2.5');
    expect(numberText(undefined)).toBe('');
    expect(numberText(null)).toBe('');
    expect(numberText(Number.NaN)).toBe('');
    expect(numberText('abc')).toBe('abc');
  });

  it('steps with the arrow keys without clamping or rounding what was typed', () => {
    expect(stepNumberText('0', 1, -1)).toBe('-1');
    expect(stepNumberText('', 1, 1)).toBe('1');
    expect(stepNumberText('0.1', 0.01, 1)).toBe('0.11');
    expect(stepNumberText('2.345', 0.01, 1)).toBe('2.355');
    expect(stepNumberText('abc', 1, 1)).toBeNull();
  });
});
