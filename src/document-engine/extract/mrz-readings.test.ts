// A zone's name misread in one reading of it (O as Q, I as T) where another reading of the zone and
// the printed page agree on the name: the name they agree on. Invented documents.
import { describe, expect, it } from 'vitest';
import { buildTd1 } from '../../../test/fixtures/identity-render.ts';
import { buildTd3, findMrz } from './mrz.ts';

const TODAY = '2026-11-27';

describe('a name the zone read with a letter misread, where the page prints it', () => {
  it('takes the passport reading that writes it as printed (SOOJIN, not SQOJIN)', () => {
    const [l1, l2] = buildTd3({ state: 'KOR', surname: 'HAN', given: 'SOOJIN', number: 'M72B41836', nationality: 'KOR', birth: '1995-02-17', sex: 'F', expiry: '2033-05-09' });
    const misread = l1.replace('SOOJIN', 'SQOJIN');
    const other = l1.replace('HAN<<SOOJIN', 'HN<<SOOJIN<');
    // A third reading misread it otherwise (SQOJIQN): no vote of every reading settles it.
    const third = l1.replace('SOOJIN<', 'SQOJIQN');
    const text = ['REPUBLIC OF KOREA', 'PASSPORT', 'Surname', 'HAN', 'Given names', 'SOOJIN', third, l2, misread, l2, other, l2].join('\n');
    expect(findMrz(text, TODAY)).toMatchObject({ surname: 'HAN', given_names: 'SOOJIN' });
  });

  it("reads a card's name row apart from its other rows (MARIA, where the reading with MARTA has the right dates)", () => {
    const [r1, r2, r3] = buildTd1({ type: 'ID', state: 'AUT', number: 'P8163527', birth: '1988-06-30', sex: 'F', expiry: '2030-02-11', nationality: 'AUT', surname: 'HOFER', given: 'ANNA MARIA' });
    const broken = r2.replace(/^8/, '0');
    const text = [
      'REPUBLIK ÖSTERREICH',
      'PERSONALAUSWEIS / IDENTITY CARD',
      'Name / Surname',
      'HOFER',
      'Vorname(n) / Given name(s)',
      'ANNA MARIA',
      r1,
      r2,
      r3.replace('MARIA', 'MARTA'),
      r1,
      broken,
      r3,
    ].join('\n');
    expect(findMrz(text, TODAY)).toMatchObject({ surname: 'HOFER', given_names: 'ANNA MARIA' });
  });

  it('keeps the zone where no reading of it writes the name as printed', () => {
    const [l1, l2] = buildTd3({ state: 'KOR', surname: 'HAN', given: 'SOOJIN', number: 'M72B41836', nationality: 'KOR', birth: '1995-02-17', sex: 'F', expiry: '2033-05-09' });
    const text = ['PASSPORT', 'Surname', 'HAN', 'Given names', 'SOOJIN', l1.replace('SOOJIN', 'SQOJIN'), l2].join('\n');
    expect(findMrz(text, TODAY)?.given_names).toBe('SQOJIN');
  });
});
