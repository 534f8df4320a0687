import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r', '"cr\r"'],
    [['a', 'b'], 'a; b'],
    [null, ''],
    [undefined, ''],
    [true, 'true'],
    [12.5, '12.5'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1 416 555 0100', "'+1 416 555 0100"],
    ['-2+3', "'-2+3"],
    ['+(1)', "'+(1)"],
    ['-(A1)', "'-(A1)"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\r=1+1', '"\'\r=1+1"'],
    ['-0.5', '-0.5'],
    ['-1-1', "'-1-1"],
    ['-12.5', '-12.5'],
    ['+42', '+42'],
    [{ a: 1 }, '"{""a"":1}"'],
  ])('csvField(%j) = %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes a header row and CRLF line ends', () => {
    expect(toCsv([{ id: 1, name: 'A, B' }, { id: 2, name: 'C' }])).toBe('id,name\r\n1,"A, B"\r\n2,C\r\n');
    expect(toCsv([])).toBe('id\r\n');
  });
});
