// Visual zones whose names and numbers stand under labels the earlier readings did not know: one
// label over the family name and the given names on two lines (Hungary, Québec), "Name" for the
// given names under the surname's own label (Croatia), and the number under "Identity card number"
// (Croatia) or "Documento / Document" (Argentina). Invented documents throughout.
import { describe, expect, it } from 'vitest';
import { docText } from './doc-text.ts';
import { extractIdentity } from './identity.ts';

const identity = (lines: string[]) => extractIdentity(docText({ pages: [{ number: 1, text: lines.join('\n'), method: 'ocr' }], language: 'en' }), null);

describe('one label over the family name and the given names', () => {
  it('reads the family name on the first line and the given names on the second (Hungary)', () => {
    const f = identity([
      'MAGYARORSZÁG HUNGARY',
      'SZEMÉLYAZONOSÍTÓ IGAZOLVÁNY / IDENTITY CARD',
      'Családi és utónév / Surname and given name(s)',
      'TÓTH',
      'RÉKA',
      'Nem / Sex\tÁllampolgárság / Nationality',
      'N/F\tHUN',
    ]);
    expect(f).toMatchObject({ surname: 'TÓTH', given_names: 'RÉKA' });
  });

  it('reads them under a licence\'s numbered "1 2 Nom, prénom / Name" (Québec)', () => {
    const f = identity(['QUÉBEC', "PERMIS DE CONDUIRE / DRIVER'S LICENCE", '1 2 Nom, prénom / Name', 'BOUCHARD', 'JEAN-PHILIPPE', '3 Date de naissance / Birth date', '1985-07-02']);
    expect(f).toMatchObject({ surname: 'BOUCHARD', given_names: 'JEAN-PHILIPPE' });
  });

  it('reads nothing where a label stands on the second line', () => {
    const f = identity(['IDENTITY CARD', 'Surname and given name(s)', 'TÓTH', 'Date of birth', '1990.04.03.']);
    expect(f.given_names).not.toBe('TÓTH');
  });
});

describe('"Name" under the surname\'s own label', () => {
  it('reads the given names under "Ime / Name" after "Prezime / Surname" (Croatia)', () => {
    const f = identity(['REPUBLIKA HRVATSKA', 'OSOBNA ISKAZNICA / IDENTITY CARD', 'Prezime / Surname', 'KOVAČEVIĆ', 'Ime / Name', 'MARKO', 'Spol / Sex\tDržavljanstvo / Citizenship']);
    expect(f).toMatchObject({ surname: 'KOVAČEVIĆ', given_names: 'MARKO' });
  });

  it("takes no father's or mother's name for the given names", () => {
    const f = identity(['PASSPORT', 'Surname', 'MEDINA', "Otac / Father's name", 'ANTE', "Majka / Mother's name", 'VALENTINA']);
    expect(f.given_names).toBeNull();
  });
});

describe('a document number under labels of more issuers', () => {
  it('reads it under "Identity card number" (Croatia)', () => {
    const f = identity(['OSOBNA ISKAZNICA / IDENTITY CARD', 'Broj osobne iskaznice / Identity card number', '204816375', 'Vrijedi do / Date of expiry']);
    expect(f.document_number).toBe('204816375');
  });

  it('reads it under "Documento / Document" in a row of labels over a row of values (Argentina)', () => {
    const f = identity(['DOCUMENTO NACIONAL DE IDENTIDAD', 'Apellido / Surname', 'MEDINA', 'Fecha de nacimiento / Date of birth\tDocumento / Document', '21 ENE/ JAN 1992\t40.123.456']);
    expect(f).toMatchObject({ document_number: '40.123.456', birth_date: '1992-01-21' });
  });
});
