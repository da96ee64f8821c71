/**
 * A typed number as the form holds it: a number when the text is a plain decimal, nothing when it is blank,
 * and otherwise the text itself, so the field's schema refuses it with its own message instead of the
 * screen guessing what was meant.
 */
export type NumberFieldValue = number | string | undefined;

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** People paste the typographic minus (−) as often as they type a hyphen. */
const normalise = (text: string) => text.trim().replace(/^\u2212/, '-');

export function parseNumberText(text: string): NumberFieldValue {
  const plain = normalise(text);
  if (plain === '') return undefined;
  if (DECIMAL.test(plain)) {
    const value = Number(plain);
    if (Number.isFinite(value)) return value;
  }
  return text;
}

/** The text a value from outside the field (initial values, a reset, a prefilled price) is shown as. */
export function numberText(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value;
  return '';
}

/** The arrow keys: one step up or down, without rounding or clamping what was typed beyond the step itself. */
export function stepNumberText(text: string, step: number, direction: 1 | -1): string | null {
  const value = parseNumberText(text);
  const start = value === undefined ? 0 : value;
  if (typeof start !== 'number') return null;
  const decimals = Math.max(decimalsOf(step), decimalsOf(start));
  return (start + direction * step).toFixed(decimals);
}

function decimalsOf(value: number): number {
  const [, fraction = ''] = String(value).split('.');
  return fraction.length;
}
