/**
 * GS1 barcodes a grocery scanner reads: EAN-13, EAN-8 and UPC-A (12 digits). The last digit is a check digit:
 * from the right, the digits before it weigh 3, 1, 3, 1…; the check digit brings the sum to a multiple of 10.
 */
export const BARCODE_LENGTHS = [8, 12, 13] as const;
export const BARCODE_FORMAT_MESSAGE = 'Barcode must be 8, 12 or 13 digits (EAN-8, UPC-A or EAN-13)';
export const BARCODE_CHECK_DIGIT_MESSAGE = 'Invalid barcode check digit';

export const looksLikeBarcode = (text: string): boolean => /^\d+$/.test(text) && (BARCODE_LENGTHS as readonly number[]).includes(text.length);

/** The check digit that completes `body` (the barcode without its last digit). */
export function checkDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(body[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

export const hasValidCheckDigit = (barcode: string): boolean => looksLikeBarcode(barcode) && checkDigit(barcode.slice(0, -1)) === Number(barcode.at(-1));

/** A valid EAN-13 from any 12-digit body (the demo data's and the tests' barcodes). */
export const ean13 = (body12: string): string => `${body12}${checkDigit(body12)}`;
