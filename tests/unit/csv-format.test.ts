import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, FORMULA_TRIGGERS } from '../../resources/reservations/csv-format';

describe('CSV cells', () => {
  it.each(FORMULA_TRIGGERS)('defuses a cell starting with %j', (trigger) => {
    expect(csvCell(`${trigger}SUM(A1)`).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell(`${trigger}SUM(A1)`, 'semicolon').replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('leaves ordinary text, numbers and empty cells alone', () => {
    expect(csvCell('Olivia Smith')).toBe('Olivia Smith');
    expect(csvCell('HX003B37')).toBe('HX003B37');
    expect(csvCell(129.5)).toBe('129.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a-b')).toBe('a-b');
  });

  it('quotes what holds its separator, a quote or a line break, with either separator', () => {
    expect(csvCell('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvCell('Smith, Jo', 'semicolon')).toBe('Smith, Jo');
    expect(csvCell('Smith; Jo', 'semicolon')).toBe('"Smith; Jo"');
    expect(csvCell('Smith; Jo')).toBe('Smith; Jo');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines', 'semicolon')).toBe('"two\nlines"');
    expect(csvLine(['a;b', 'c,d', '=1'], 'semicolon')).toBe(`"a;b";c,d;'=1`);
    expect(csvLine(['a;b', 'c,d', '=1'])).toBe(`a;b,"c,d",'=1`);
  });
});
