import { jaroWinkler as library } from '@skyra/jaro-winkler';
import { describe, expect, it } from 'vitest';
import { jaroWinkler } from './jaro-winkler.ts';

describe('Jaro-Winkler', () => {
  it('gives exactly the library result, on words of every length and on texts outside ASCII', () => {
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 4294967296;
    };
    const word = (alphabet: string) => Array.from({ length: Math.floor(next() * 14) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    const pairs: [string, string][] = [
      ['', ''],
      ['a', ''],
      ['ab', 'ab'],
      ['ab', 'abc'],
      ['abcd', 'abcd'],
      ['abcde', 'abcdx'],
      ['martha', 'marhta'],
      ['dixon', 'dicksonx'],
      ['petrov', 'petrova'],
      ['иван', 'ivan'],
      ['müller', 'muller'],
    ];
    for (let i = 0; i < 20000; i++) pairs.push([word('abcde'), word(i % 2 ? 'abcdefghijklmnopqrstuvwxyz0123' : 'abcde')]);
    for (const [a, b] of pairs) expect(jaroWinkler(a, b), `${a} / ${b}`).toBe(library(a, b));
  });
});
