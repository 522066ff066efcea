import { describe, expect, it } from 'vitest';
import { splitPersonName } from './person-names.ts';

describe('splitting a full name', () => {
  it('keeps particles with the surname', () => {
    expect(splitPersonName('Mary Ann van Dijk')).toEqual({ first: 'Mary Ann', last: 'van Dijk' });
    expect(splitPersonName('Anna van der Berg')).toEqual({ first: 'Anna', last: 'van der Berg' });
    expect(splitPersonName('Ahmad bin Ali')).toEqual({ first: 'Ahmad', last: 'bin Ali' });
    expect(splitPersonName('Jean De La Fontaine')).toEqual({ first: 'Jean', last: 'De La Fontaine' });
    expect(splitPersonName('Ludwig von Mises')).toEqual({ first: 'Ludwig', last: 'von Mises' });
  });

  it('takes the last word otherwise, and never the first word for a particle', () => {
    expect(splitPersonName('Jane Quinn Public')).toEqual({ first: 'Jane Quinn', last: 'Public' });
    expect(splitPersonName("Sean O'Brien")).toEqual({ first: 'Sean', last: "O'Brien" });
    expect(splitPersonName('Angus Mac Donald')).toEqual({ first: 'Angus Mac', last: 'Donald' });
    expect(splitPersonName('Al Smith')).toEqual({ first: 'Al', last: 'Smith' });
    expect(splitPersonName('Madonna')).toEqual({ first: null, last: 'Madonna' });
    expect(splitPersonName('  ')).toEqual({ first: null, last: null });
  });
});
