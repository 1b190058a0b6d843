import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv.js';

describe('csvField (RFC 4180)', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvField('demo_tapper')).toBe('demo_tapper');
    expect(csvField(420)).toBe('420');
    expect(csvField(0)).toBe('0');
  });

  it('writes nothing for a missing value or a number that is not finite', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it.each([
    ['Boulder, CO', '"Boulder, CO"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
  ])('quotes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('csvField (formula injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['=1,2', `"'=1,2"`],
  ])('neutralises %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('only looks at the first character', () => {
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('user-1')).toBe('user-1');
    expect(csvField("it's")).toBe("it's");
  });

  it('keeps negative numbers as numbers (a number cannot hold a formula)', () => {
    expect(csvField(-5)).toBe('-5');
  });
});

describe('csvRow', () => {
  it('joins fields with commas and ends the record with CRLF', () => {
    expect(csvRow([1, 'ada', 'a,b', null, '=x'])).toBe(`1,ada,"a,b",,'=x\r\n`);
  });
});
