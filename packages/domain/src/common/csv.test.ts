import { describe, expect, it } from 'vitest';
import { csvField, csvRow, neutraliseCell } from './csv';

describe('spreadsheet-safe CSV', () => {
  it('neutralises cells a spreadsheet would read as a formula', () => {
    for (const hostile of ['=HYPERLINK("http://evil.example","Click")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(neutraliseCell(hostile)).toBe(`'${hostile}`);
    }
  });

  it('leaves ordinary text and numbers alone', () => {
    expect(neutraliseCell('Meera Pillai')).toBe('Meera Pillai');
    expect(neutraliseCell('a=b')).toBe('a=b');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvRow(['Pillai, Meera', 'said "hi"', 'two\nlines', 7799])).toBe('"Pillai, Meera","said ""hi""","two\nlines",7799');
    expect(csvField('=cmd|"/c calc"!A1')).toBe(`"'=cmd|""/c calc""!A1"`);
  });
});
