// The authority that issued a register document, as registrars, register courts and state offices
// name themselves (every company and person here is made up).
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { extractArticles, extractRegister } from './corporate.ts';
import { docText } from './doc-text.ts';
import { registerBodyIn } from './registrar.ts';

const authority = (lines: string[]) => extractRegister(docText(readText(lines.join('\n')))).issuing_authority;

describe('the issuing authority of a register document', () => {
  it('is the registrar that certifies, with the territory it serves', () => {
    expect(
      authority(['CERTIFICATE OF INCORPORATION', 'Company Number 01234567', 'The Registrar of Companies for Scotland hereby certifies that', 'EXAMPLE TRADING LIMITED', 'is this day incorporated']),
    ).toBe('Registrar of Companies for Scotland');
  });

  it('reads an upper-case letterhead in the body’s own case, and takes its place from the line after', () => {
    expect(authority(['FEDERAL REPUBLIC OF EXAMPLELAND', 'CORPORATE AFFAIRS COMMISSION', 'Certificate of Incorporation', 'RC 1234567'])).toBe('Corporate Affairs Commission');
    expect(authority(['I, Sam Official, do hereby certify that I am the Secretary of State', 'for the State of Example, and that said records show', 'EXAMPLE WIDGETS, LLC'])).toBe(
      'Secretary of State for the State of Example',
    );
  });

  it('completes a short letterhead from a later line that names the same body and its state', () => {
    expect(
      authority(['OFFICE OF THE SECRETARY OF STATE', 'CERTIFICATE OF GOOD STANDING', 'I, Sam Official, acting Secretary of State of the State of Example, certify that', 'EXAMPLE WIDGETS, LLC']),
    ).toBe('Secretary of State of the State of Example');
  });

  it('takes a register court after its label, and a national body with the words before it', () => {
    expect(authority(['Handelsregister B', 'Registergericht: Amtsgericht Beispielstadt', 'Firma: Beispiel GmbH'])).toBe('Amtsgericht Beispielstadt');
    expect(authority(['Australian Securities and Investments Commission', 'Certificate of Registration of a Company', 'EXAMPLE PTY LTD'])).toBe('Australian Securities and Investments Commission');
    expect(authority(['Extrait Kbis', 'Greffe du Tribunal de Commerce de Exempleville', 'Dénomination : EXEMPLE SAS'])).toBe('Greffe du Tribunal de Commerce de Exempleville');
  });

  it('reads registers that name themselves only in their own language, in their own letters and case', () => {
    expect(authority(['ANKARA TİCARET ODASI', 'FAALİYET BELGESİ', 'Ticaret Unvanı: ÖRNEK YAZILIM ANONİM ŞİRKETİ'])).toBe('Ankara Ticaret Odası');
    expect(authority(['Výpis z obchodního rejstříku', 'vedeného Krajským soudem v Brně, oddíl C, vložka 12345', 'Obchodní firma: Příklad s.r.o.'])).toBe('Krajský soud v Brně');
    expect(authority(['OFICIUL NAȚIONAL AL REGISTRULUI COMERȚULUI', 'CERTIFICAT DE ÎNREGISTRARE', 'Firma: EXEMPLU SRL'])).toBe('Oficiul Național al Registrului Comerțului');
    expect(authority(['Patentti- ja rekisterihallitus', 'KAUPPAREKISTERIOTE', 'Toiminimi: Esimerkki Oy'])).toBe('Patentti- ja rekisterihallitus');
    expect(authority(['ΓΕΝΙΚΟ ΕΜΠΟΡΙΚΟ ΜΗΤΡΩΟ', 'ΠΙΣΤΟΠΟΙΗΤΙΚΟ ΚΑΤΑΧΩΡΙΣΗΣ', 'Επωνυμία: ΠΑΡΑΔΕΙΓΜΑ Ι.Κ.Ε.'])).toBe('Γενικο Εμπορικο Μητρωο');
  });

  it('names the body, not the rank of the officer who signs for it', () => {
    expect(authority(['Certificate of Incorporation', 'EXAMPLE GARDENS LLP is incorporated', 'Asst. Registrar of Companies', 'Exampletown'])).toBe('Registrar of Companies');
  });

  it('is never a person a label names, nor a body the clauses of articles only mention', () => {
    expect(authority(['Registrar: Jane Example', 'Company: Example Ltd'])).toBeNull();
    const articles = ['ARTICLES OF ASSOCIATION', 'OF EXAMPLE WIDGETS LIMITED', 'The company shall send a copy to the Registrar of Companies for England and Wales.'];
    expect(extractArticles(docText(readText(articles.join('\n')))).issuing_authority).toBeNull();
  });

  it('finds no body in ordinary words', () => {
    expect(registerBodyIn('The registrar shall keep the register of members')).toBeNull();
    expect(registerBodyIn('Example Widgets Limited, 12 Example Street')).toBeNull();
  });
});
