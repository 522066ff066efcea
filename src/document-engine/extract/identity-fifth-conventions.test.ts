// Visual zones of identity documents whose fields stand under or after labels the earlier readings
// did not know: given names under "Vorname(n) / Prénom(s) / Nome(i)" (Switzerland) or after
// "Prénom" (Morocco), the expiry after "Valable jusqu'au" (Morocco, Switzerland), a card's number
// after or under the national identity number's own label, "DNI" (Peru) or "NUIP" (Colombia), and
// dates printed "DD. MM. YYYY" with or without a closing dot (Slovenia, Croatia). Invented documents
// throughout.
import { describe, expect, it } from 'vitest';
import { docText } from './doc-text.ts';
import { extractIdentity } from './identity.ts';

const identity = (lines: string[]) => extractIdentity(docText({ pages: [{ number: 1, text: lines.join('\n'), method: 'ocr' }], language: 'en' }), null);

describe('given names under a label with its plural marked in brackets, or after "Prénom"', () => {
  it('reads them under "Vorname(n) / Prénom(s) / Nome(i)" (a Swiss residence permit)', () => {
    const f = identity([
      'SCHWEIZ SUISSE SVIZZERA SVIZRA',
      'AUSLANDERAUSWEIS / LIVRET POUR ETRANGERS',
      'Name / Nom / Cognome',
      'WYSS',
      'Vorname(n) / Prénom(s) / Nome(i)',
      'NOAH',
      'Geburtsdatum / Date de naissance',
    ]);
    expect(f).toMatchObject({ surname: 'WYSS', given_names: 'NOAH' });
  });

  it('reads them under "Vorname(n)/Prénom(s)/Nome(i)" unspaced (a Swiss passport)', () => {
    const f = identity(['SCHWEIZ SUISSE SVIZZERA SVIZRA', 'Name/Nom/Cognome', 'FREI', 'Vorname(n)/Prénom(s)/Nome(i)', 'LEA SOPHIE', 'Staatsangehörigkeit/Nationalité']);
    expect(f).toMatchObject({ surname: 'FREI', given_names: 'LEA SOPHIE' });
  });

  it('reads them after "Prénom" on the line (a Moroccan card)', () => {
    const f = identity(['ROYAUME DU MAROC', "CARTE NATIONALE D'IDENTITE ELECTRONIQUE", 'Prénom KARIM', 'Nom ALAOUI', 'Né le 14.02.1990']);
    expect(f).toMatchObject({ surname: 'ALAOUI', given_names: 'KARIM' });
  });
});

describe('the expiry after "Valable jusqu\'au"', () => {
  it("reads it on the label's line (a Moroccan card)", () => {
    const f = identity(['ROYAUME DU MAROC', "CARTE NATIONALE D'IDENTITE ELECTRONIQUE", 'Prénom KARIM', 'Nom ALAOUI', "Valable jusqu'au 11.05.2030"]);
    expect(f.expiry_date).toBe('2030-05-11');
  });
});

describe("a card's number under or after the national identity number's label", () => {
  it('reads it after "DNI" in a column beside the names (Peru)', () => {
    const f = identity(['REPUBLICA DEL PERU', 'DOCUMENTO NACIONAL DE IDENTIDAD', 'Primer Apellido\tDNI 51827364', 'HUAMAN', 'Pre Nombres', 'JORGE LUIS']);
    expect(f.document_number).toBe('51827364');
  });

  it('reads it under "NUIP" in a column beside the title (Colombia)', () => {
    const f = identity(['REPUBLICA DE COLOMBIA', 'CEDULA DE CIUDADANIA\tNUIP', 'Apellidos\t1.032.517.284', 'OSPINA RUIZ', 'Nombres', 'CAMILA']);
    expect(f.document_number?.replace(/\D/g, '')).toBe('1032517284');
  });
});

describe('dates printed "DD. MM. YYYY" without a closing dot', () => {
  it('reads the birth and expiry dates under their labels (a Slovenian card)', () => {
    const f = identity([
      'REPUBLIKA SLOVENIJA',
      'Priimek / Surname',
      'NOVAK',
      'Ime / Name',
      'ANA',
      'Datum rojstva / Date of birth',
      '12. 03. 1994',
      'Datum veljavnosti / Date of expiry',
      '20. 09. 2033',
    ]);
    expect(f).toMatchObject({ birth_date: '1994-03-12', expiry_date: '2033-09-20' });
  });

  it('reads them with a closing dot (a Croatian card)', () => {
    const f = identity(['REPUBLIKA HRVATSKA', 'Prezime / Surname', 'MATIĆ', 'Ime / Name', 'PETRA', 'Datum rođenja / Date of birth', '03. 11. 1987.', 'Vrijedi do / Date of expiry', '15. 01. 2030.']);
    expect(f).toMatchObject({ birth_date: '1987-11-03', expiry_date: '2030-01-15' });
  });
});
