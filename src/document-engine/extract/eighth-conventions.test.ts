// Conventions the eighth set of company documents met on two sources or more (every name and number
// here is made up): the OHADA states' register numbers (RCCM) in their newer shape and in a sentence,
// and the courts that keep those registers with their towns; register numbers under the labels of
// Tunisia, Oman, Rwanda and Costa Rica, and Chile's RUT and Iceland's kennitala by their check digits;
// the labels of dates, legal forms, names and addresses of those registers; a header row of French or
// German labels over its values; certificates closed "Done at", "Signed at", "Emitida en", "Dada en"
// (with a day counted in days), or dated under their title; Latin American tax registrations (RUT,
// RNC) and the Spanish "certifica que".
import { afterAll, describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { closeReaders } from '../reading/index.ts';
import { extractRegister } from './corporate.ts';
import { findDates } from './dates.ts';
import { docText } from './doc-text.ts';
import { isLabelText } from './label-words.ts';
import { extractLicence } from './permits.ts';
import { chileanRutValid, icelandicKennitalaValid } from './register-checks.ts';
import { fold } from './text.ts';

afterAll(closeReaders);

const text = (s: string) => docText(readText(s));

describe('OHADA register numbers and the courts that keep them', () => {
  it.each([
    ['EXTRAIT RCCM\nN° RCCM :\tCI-ABJ-03-2020-B12-01234\nDénomination sociale :\tEXEMPLE SARL', 'CI-ABJ-03-2020-B12-01234'],
    ["CERTIFICAT\nLa société EXEMPLE SARL a été immatriculée le 3 mars 2021 sous le numéro RC/YAO/2021/B/987.\nNuméro d'Identifiant Unique : M012112345678Z", 'RC/YAO/2021/B/987'],
  ])('reads the number of %j', (t, want) => {
    expect(extractRegister(text(t)).registration_number).toBe(want);
  });

  it('dates a company immatriculée on a day', () => {
    expect(extractRegister(text('CERTIFICAT\nLa société EXEMPLE SARL a été immatriculée au registre le 3 mars 2021 sous le numéro RC/YAO/2021/B/987.')).incorporation_date).toBe('2021-03-03');
  });

  it.each([
    ["TRIBUNAL DE COMMERCE D'EXEMPLEVILLE\nEXTRAIT\nDénomination :\tEXEMPLE SARL", "tribunal de commerce d'exempleville"],
    ['TRIBUNAL DE COMMERCE HORS CLASSE DE EXEMPLEVILLE\nEXTRAIT\nDénomination :\tEXEMPLE SARL', 'tribunal de commerce hors classe de exempleville'],
    ['TRIBUNAL DE PREMIÈRE INSTANCE DE EXEMPLE-NORD\nCERTIFICAT\nDénomination :\tEXEMPLE SARL', 'tribunal de première instance de exemple-nord'],
  ])('names the court with its town in %j', (t, want) => {
    expect(extractRegister(text(t)).issuing_authority?.toLowerCase()).toBe(want);
  });
});

describe('register numbers by the labels and checks of more countries', () => {
  it('checks the Chilean RUT and the Icelandic kennitala', () => {
    expect(chileanRutValid('76.123.456-0')).toBe(true);
    expect(chileanRutValid('76.123.456-1')).toBe(false);
    expect(chileanRutValid('77.345.678-K')).toBe(true);
    expect(icelandicKennitalaValid('6210182130')).toBe(true);
    expect(icelandicKennitalaValid('6210182140')).toBe(false);
  });

  it.each([
    ['EXTRAIT DU REGISTRE NATIONAL DES ENTREPRISES\nIdentifiant unique :\t1234567A\nDénomination sociale :\tEXEMPLE SA', '1234567A'],
    ['CERTIFICADO DE VIGENCIA\nRazón Social:\tEJEMPLO SpA\nRUT:\t76.123.456-0', '76.123.456-0'],
    ['VOTTORÐ\nNafn:\tDæmi ehf.\nKennitala:\t621018-2130', '621018-2130'],
    ['Commercial Registration Certificate\nCR Number:\t1012345\nCommercial Name:\tEXAMPLE LLC', '1012345'],
    ['CERTIFICATE OF DOMESTIC COMPANY REGISTRATION\nCompany Code:\t101234567', '101234567'],
    ['CERTIFICA:\nQue la sociedad EJEMPLO SOCIEDAD ANÓNIMA, con cédula jurídica número 3-101-123456, se encuentra inscrita.', '3-101-123456'],
  ])('reads the number of %j', (t, want) => {
    expect(extractRegister(text(t)).registration_number).toBe(want);
  });

  it('leaves out a RUT or a kennitala that fails its check', () => {
    expect(extractRegister(text('CERTIFICADO DE VIGENCIA\nRUT:\t76.123.456-1')).registration_number).toBeNull();
    expect(extractRegister(text('VOTTORÐ\nKennitala:\t621018-2140')).registration_number).toBeNull();
  });
});

describe('register labels of dates, legal forms, names and addresses', () => {
  it('reads them in Tunisian, Algerian, Chilean, Zambian, Icelandic and Liechtenstein registers', () => {
    const tn = extractRegister(text("EXTRAIT\nDate d'extraction : 06/11/2026\nDate d'inscription :\t07/07/2021"));
    expect(tn.issue_date).toBe('2026-11-06');
    expect(tn.incorporation_date).toBe('2021-07-07');
    expect(extractRegister(text('Commercial Registration\nPrint Date:\t05/11/2026')).issue_date).toBe('2026-11-05');
    expect(extractRegister(text('HANDELSREGISTERAUSZUG\nAuszug vom 03.11.2026')).issue_date).toBe('2026-11-03');
    expect(extractRegister(text('CERTIFICADO\nTipo de sociedad:\tSociedad por Acciones')).legal_form).toBe('Sociedad por Acciones');
    expect(extractRegister(text('PRINTOUT\nEntity Type:\tPrivate Company Limited by Shares')).legal_form).toBe('Private Company Limited by Shares');
    const is = extractRegister(text('VOTTORÐ\nNafn:\tDæmi Fjörður ehf.\nRekstrarform:\tEinkahlutafélag\nLögheimili:\tDæmigata 1, 101 Reykjavík\nSkráð:\t02.03.2020'));
    expect(is.company_name).toBe('Dæmi Fjörður ehf.');
    expect(is.legal_form).toBe('Einkahlutafélag');
    expect(is.registered_address).toBe('Dæmigata 1, 101 Reykjavík');
    expect(is.incorporation_date).toBe('2020-03-02');
  });

  it('folds the eth as a d', () => {
    expect(fold('Skráð')).toBe('skrad');
  });

  it('takes a header row of French or German labels for labels, not values', () => {
    expect(isLabelText('Forme juridique')).toBe(true);
    expect(isLabelText('Eintragung')).toBe(true);
    expect(isLabelText('Registernummer')).toBe(true);
  });
});

describe('the closing lines that date a certificate', () => {
  it.each([
    ['CERTIFICATE OF REGISTRATION\nEXAMPLE LTD is registered.\nDone at Kigali on 19/10/2021', '2021-10-19'],
    ['CERTIFICATE OF INCORPORATION\nEXAMPLE (PTY) LTD\nSigned at Windhoek on this 9th day of May 2022.', '2022-05-09'],
    ['CERTIFICACIÓN\nEmitida en San José, a las 10 horas 15 minutos del 4 de noviembre de 2026.', '2026-11-04'],
    [
      'EXTRAIT RCCM\nDakar, le 4 novembre 2026\nDénomination :\tEXEMPLE SA\nForme juridique :\tSociété Anonyme\nSiège social :\tDakar, Plateau\nCapital :\t10 000 000 FCFA\nGérant :\tExemple Awa\nActivité :\tServices\nLe Greffier',
      '2026-11-04',
    ],
  ])('dates %j', (t, want) => {
    expect(extractRegister(text(t)).issue_date).toBe(want);
  });

  it('reads a day counted in days', () => {
    expect(findDates('Dada en Santo Domingo, a los 5 días del mes de noviembre del año 2026.', 'dmy').map((f) => f.iso)).toEqual(['2026-11-05']);
  });
});

describe('Latin American tax registrations', () => {
  it('reads the RUT and its holder over them, and the start of activities', () => {
    const uy = extractLicence(text('CERTIFICADO RUT\nRUT:\t210012340018\nDenominación:\tEJEMPLO S.A.\nFEC. INICIO ACTIVIDADES:\t15/01/2020'));
    expect(uy.licence_number).toBe('210012340018');
    expect(uy.holder).toBe('EJEMPLO S.A.');
    expect(uy.valid_from).toBe('2020-01-15');
  });

  it('reads the RNC, the holder a certificate names, the day of registration and the closing date', () => {
    const rd = extractLicence(
      text(
        'CERTIFICACIÓN\nLa Dirección General CERTIFICA que el contribuyente EJEMPLO SRL, con el Registro Nacional de Contribuyentes (RNC) No. 1-01-12345-6, se encuentra inscrito desde el 08/08/2019.\nDada en Santo Domingo, a los 5 días del mes de noviembre del año 2026.',
      ),
    );
    expect(rd.licence_number).toBe('1-01-12345-6');
    expect(rd.holder).toBe('EJEMPLO SRL');
    expect(rd.valid_from).toBe('2019-08-08');
    expect(rd.issue_date).toBe('2026-11-05');
  });
});
