import { describe, expect, it } from 'vitest';
import { titleCase } from './title-case.ts';

describe('titleCase', () => {
  it('raises the first letter of each word after the start or white space by default', () => {
    expect(titleCase('EXAMPLE GAS CO')).toBe('Example Gas Co');
    expect(titleCase("O'BRIEN-SMITH")).toBe("O'brien-smith");
  });

  it('starts words where the style says and keeps its little words lower case', () => {
    expect(titleCase("O'BRIEN-SMITH", { wordStart: String.raw`^|[\s'’-]` })).toBe("O'Brien-Smith");
    const style = { wordStart: String.raw`^|[\s(-]`, lowerWords: /(?<=\s)(Of|And|The)(?=\s)/g };
    expect(titleCase('SECRETARY OF STATE OF THE STATE OF EXAMPLIA (NORTH-EAST)', style)).toBe('Secretary of State of the State of Examplia (North-East)');
  });

  it('lowers and raises letters by the rules of a language when given one', () => {
    expect(titleCase('ÖRNEK TİCARET ODASI', { locale: 'tr' })).toBe('Örnek Ticaret Odası');
  });
});
