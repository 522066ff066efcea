// biome-ignore-all format: documents read better as the lines they print
// Company documents from registers the development set has never shown: Singapore, Hong Kong,
// Australia, Ireland, South Africa, Canada, New Zealand, a US state, Germany, France, the
// Netherlands, Estonia, Spain, Italy, Portugal and Poland. Every name, number and address is
// invented; the numbers have the shape each register gives. Each document lists the fields a
// person reads from it.
import type { CorpusDoc, Expected, Line } from './model.ts';

export const row = (label: string, value: string, x = 230): Line => ({ cols: [[50, label], [x, value]] });

export function doc(id: string, kind: CorpusDoc['kind'], lines: Line[], expected: Expected): CorpusDoc {
  return {
    id,
    kind,
    requested: kind,
    pages: [lines],
    expected: { type: kind, ...expected },
    caseData: { case_kind: 'onboarding' },
    companyName: String(expected.company_name ?? ''),
    expectFindings: [],
    meta: { title: kind, producer: 'Registry Print Service', creator: 'Registry', created: '2026-11-02' },
  };
}

export const WORLD_COMPANY_DOCS: CorpusDoc[] = [
  doc('sg-acra-profile', 'register_extract', [
    { text: 'ACCOUNTING AND CORPORATE REGULATORY AUTHORITY', size: 13, bold: true },
    { text: 'Business Profile (Company)', size: 12, bold: true, gap: 4 },
    row('Date:', '02 Nov 2026', 230),
    { text: 'Company Information', bold: true, gap: 10 },
    row('Registration No.:', '201912345K'),
    row('Company Name:', 'LIONGATE ANALYTICS PTE. LTD.'),
    row('Company Type:', 'EXEMPT PRIVATE COMPANY LIMITED BY SHARES'),
    row('Incorporation Date:', '14/03/2019'),
    row('Company Status:', 'Live Company'),
    row('Registered Office Address:', '10 ANSON ROAD #12-05 SINGAPORE 079903'),
    { text: 'Officers/Authorised Representative(s)', bold: true, gap: 10 },
    row('Name', 'Position Held'),
    row('TAN WEI MING', 'Director'),
  ], { company_name: 'LIONGATE ANALYTICS PTE. LTD.', registration_number: '201912345K', incorporation_date: '2019-03-14', status: 'Live Company', issue_date: '2026-11-02' }),

  doc('hk-cr-certificate', 'certificate_of_incorporation', [
    { text: 'CERTIFICATE OF INCORPORATION', size: 16, bold: true },
    row('Company Number:', '2876543'),
    { text: 'I hereby certify that HARBOURLINE TRADING LIMITED is this day incorporated in Hong Kong under the Companies Ordinance (Chapter 622 of the Laws of Hong Kong), and that this company is limited.', gap: 12 },
    { text: 'Issued by the undersigned on 12 August 2019.', gap: 10 },
    { text: 'for Registrar of Companies, Hong Kong', gap: 20 },
  ], { company_name: 'HARBOURLINE TRADING LIMITED', registration_number: '2876543', incorporation_date: '2019-08-12' }),

  doc('au-asic-certificate', 'certificate_of_incorporation', [
    { text: 'Australian Securities & Investments Commission', size: 12, bold: true },
    { text: 'Certificate of Registration of a Company', size: 15, bold: true, gap: 6 },
    { text: 'This is to certify that KOALA RIDGE CONSULTING PTY LTD', gap: 10 },
    { text: 'Australian Company Number 612 345 678' },
    { text: 'is a registered company under the Corporations Act 2001 and is taken to be registered in Victoria. The company is limited by shares. The company is a proprietary company.' },
    { text: 'The day of commencement of registration is the fourth day of May, 2016.', gap: 6 },
    { text: 'Issued by the Australian Securities and Investments Commission on this fourth day of May, 2016.', gap: 10 },
  ], { company_name: 'KOALA RIDGE CONSULTING PTY LTD', registration_number: '612 345 678', incorporation_date: '2016-05-04' }),

  doc('ie-cro-certificate', 'certificate_of_incorporation', [
    { text: 'Companies Registration Office', size: 12, bold: true },
    { text: 'CERTIFICATE OF INCORPORATION', size: 16, bold: true, gap: 4 },
    row('Company Number:', '654321'),
    { text: 'I hereby certify that SHANNON BYTE SOLUTIONS LIMITED is this day incorporated under the Companies Act 2014, and that the company is a private company limited by shares.', gap: 12 },
    { text: 'Given under my hand at Dublin, this Tuesday, the 9th day of July, 2019.', gap: 8 },
    { text: 'for Registrar of Companies', gap: 16 },
  ], { company_name: 'SHANNON BYTE SOLUTIONS LIMITED', registration_number: '654321', incorporation_date: '2019-07-09' }),

  doc('za-cipc-certificate', 'certificate_of_incorporation', [
    { text: 'COMPANIES AND INTELLECTUAL PROPERTY COMMISSION', size: 12, bold: true },
    { text: 'Certificate of Incorporation', size: 15, bold: true, gap: 4 },
    row('Registration number:', '2019/123456/07'),
    row('Enterprise Name:', 'PROTEA FIELD SERVICES (PTY) LTD'),
    row('Date of incorporation:', '21 February 2019'),
    { text: 'This certificate is evidence that the above mentioned company has been incorporated under the Companies Act, 2008.', gap: 10 },
    { text: 'Commissioner of CIPC', gap: 16 },
  ], { company_name: 'PROTEA FIELD SERVICES (PTY) LTD', registration_number: '2019/123456/07', incorporation_date: '2019-02-21' }),

  doc('ca-cbca-certificate', 'certificate_of_incorporation', [
    { text: 'Certificate of Incorporation', size: 15, bold: true },
    { text: 'Canada Business Corporations Act', size: 11 },
    { text: 'MAPLE NORTH ROBOTICS INC.', size: 13, bold: true, gap: 12 },
    row('Corporation number:', '1234567-8'),
    { text: 'I HEREBY CERTIFY that the above-named corporation, the articles of incorporation of which are attached, is incorporated under the Canada Business Corporations Act.', gap: 10 },
    row('Date of Incorporation:', '2021-06-15'),
    { text: 'Director, Corporations Canada', gap: 14 },
  ], { company_name: 'MAPLE NORTH ROBOTICS INC.', registration_number: '1234567-8', incorporation_date: '2021-06-15' }),

  doc('nz-companies-office', 'certificate_of_incorporation', [
    { text: 'CERTIFICATE OF INCORPORATION', size: 16, bold: true },
    { text: 'KIWI HARBOUR DESIGN LIMITED', size: 13, bold: true, gap: 8 },
    row('Company number:', '7654321'),
    row('NZBN:', '9429047654321'),
    { text: 'This is to certify that KIWI HARBOUR DESIGN LIMITED was incorporated under the Companies Act 1993 on the 3rd day of February 2020.', gap: 10 },
    { text: 'Registrar of Companies', gap: 14 },
  ], { company_name: 'KIWI HARBOUR DESIGN LIMITED', registration_number: '7654321', incorporation_date: '2020-02-03' }),

  doc('us-ca-status', 'register_extract', [
    { text: 'Secretary of State', size: 12, bold: true },
    { text: 'Certificate of Status', size: 15, bold: true, gap: 4 },
    row('Entity Name:', 'SIERRA BLUE WIDGETS, INC.'),
    row('Entity No.:', 'C4123456'),
    row('Formed In:', 'CALIFORNIA'),
    row('Entity Type:', 'Stock Corporation - CA - General'),
    row('Registration Date:', '03/15/2018'),
    row('Status:', 'Active'),
    { text: 'I, the Secretary of State of the State of California, hereby certify that the entity named above is active on the records of this office as of November 3, 2026.', gap: 10 },
  ], { company_name: 'SIERRA BLUE WIDGETS, INC.', registration_number: 'C4123456', incorporation_date: '2018-03-15', status: 'Active', issue_date: '2026-11-03' }),

  doc('de-handelsregister', 'register_extract', [
    { text: 'Handelsregister B des Amtsgerichts München', size: 12, bold: true },
    { text: 'Abteilung B', gap: 2 },
    { text: 'Wiedergabe des aktuellen Registerinhalts, Abruf vom 12.10.2026 10:15' },
    row('Nummer der Firma:', 'HRB 234567'),
    row('Firma:', 'Bergwerk Datentechnik GmbH'),
    row('Sitz:', 'München'),
    row('Geschäftsanschrift:', 'Leopoldstraße 12, 80802 München'),
    row('Rechtsform:', 'Gesellschaft mit beschränkter Haftung'),
    row('Geschäftsführer:', 'Huber, Anna, München, *12.04.1980'),
    { text: 'Die Gesellschaft wurde am 3. März 2015 in das Handelsregister eingetragen.', gap: 8 },
    row('Tag der letzten Eintragung:', '14.07.2025'),
  ], { company_name: 'Bergwerk Datentechnik GmbH', registration_number: 'HRB 234567', incorporation_date: '2015-03-03', issue_date: '2026-10-12' }),

  doc('fr-kbis', 'register_extract', [
    { text: 'Greffe du Tribunal de Commerce de Lyon', size: 12, bold: true },
    { text: 'EXTRAIT KBIS', size: 15, bold: true, gap: 4 },
    { text: "Extrait d'immatriculation principale au registre du commerce et des sociétés à jour au 2 novembre 2026" },
    { text: 'IDENTIFICATION DE LA PERSONNE MORALE', bold: true, gap: 8 },
    row('Immatriculation au RCS, numéro', '812 345 676 R.C.S. Lyon'),
    row("Date d'immatriculation", '15/09/2015'),
    row('Dénomination ou raison sociale', 'LUMIERE DIGITALE'),
    row('Forme juridique', 'Société par actions simplifiée'),
    row('Capital social', '10 000,00 Euros'),
    row('Adresse du siège', '12 rue de la République 69002 Lyon'),
    { text: 'GESTION, DIRECTION, ADMINISTRATION, CONTROLE, ASSOCIES OU MEMBRES', bold: true, gap: 8 },
    row('Président', 'DURAND Claire'),
  ], { company_name: 'LUMIERE DIGITALE', registration_number: '812 345 676', incorporation_date: '2015-09-15', issue_date: '2026-11-02' }),

  doc('nl-kvk-uittreksel', 'register_extract', [
    { text: 'Uittreksel Handelsregister Kamer van Koophandel', size: 13, bold: true },
    row('KvK-nummer', '87654321'),
    { text: 'Rechtspersoon', bold: true, gap: 8 },
    row('RSIN', '861234567'),
    row('Rechtsvorm', 'Besloten Vennootschap'),
    row('Statutaire naam', 'Tulpenveld Logistiek B.V.'),
    row('Statutaire zetel', 'Rotterdam'),
    row('Datum akte van oprichting', '01-04-2020'),
    row('Bezoekadres', 'Havenstraat 8, 3011 AB Rotterdam'),
    { text: 'Uittreksel is vervaardigd op 05-11-2026 om 10.15 uur.', gap: 10 },
  ], { company_name: 'Tulpenveld Logistiek B.V.', registration_number: '87654321', incorporation_date: '2020-04-01', issue_date: '2026-11-05' }),

  doc('ee-registry-card', 'register_extract', [
    { text: 'e-Business Register', size: 12, bold: true },
    { text: 'Registry card extract', size: 14, bold: true, gap: 4 },
    row('Business name:', 'Põhjatuul Tarkvara OÜ'),
    row('Registry code:', '16123456'),
    row('Legal form:', 'Private limited company'),
    row('Status:', 'Entered into the register'),
    row('Date of registration:', '12.01.2021'),
    row('Address:', 'Tartu mnt 10, 10117 Tallinn'),
    { text: 'Extract printed on 03.11.2026', gap: 10 },
  ], { company_name: 'Põhjatuul Tarkvara OÜ', registration_number: '16123456', incorporation_date: '2021-01-12', status: 'Entered into the register', issue_date: '2026-11-03' }),

  doc('es-registro-mercantil', 'register_extract', [
    { text: 'REGISTRO MERCANTIL DE MADRID', size: 13, bold: true },
    { text: 'NOTA SIMPLE INFORMATIVA', size: 12, bold: true, gap: 4 },
    row('Denominación:', 'SOLANA INNOVA SL'),
    row('NIF:', 'B12345674'),
    row('Domicilio social:', 'Calle de Alcalá 45, 28014 Madrid'),
    row('Inscripción:', 'Tomo 12345, Folio 67, Hoja M-234567'),
    row('Estado:', 'Activa'),
    { text: 'La sociedad fue constituida el 3 de marzo de 2015 ante el notario de Madrid.', gap: 8 },
    { text: 'Madrid, a 4 de noviembre de 2026', gap: 10 },
  ], { company_name: 'SOLANA INNOVA SL', registration_number: 'B12345674', incorporation_date: '2015-03-03', issue_date: '2026-11-04' }),

  doc('it-visura', 'register_extract', [
    { text: 'Registro delle Imprese', size: 13, bold: true },
    { text: 'VISURA ORDINARIA SOCIETA DI CAPITALE', size: 12, bold: true, gap: 4 },
    row('Denominazione:', 'FIORDALISO TECNOLOGIE S.R.L.'),
    row('Codice fiscale:', '01234567890'),
    row('Numero REA:', 'MI - 1234567'),
    row('Forma giuridica:', 'società a responsabilità limitata'),
    row('Sede legale:', 'Via Dante 7, 20121 Milano (MI)'),
    row('Data atto di costituzione:', '10/05/2018'),
    row('Stato attività:', 'attiva'),
    row('Data estrazione:', '06/11/2026'),
  ], { company_name: 'FIORDALISO TECNOLOGIE S.R.L.', registration_number: '01234567890', incorporation_date: '2018-05-10', issue_date: '2026-11-06' }),

  doc('pt-certidao', 'register_extract', [
    { text: 'CERTIDÃO PERMANENTE', size: 14, bold: true },
    row('Código de acesso:', '1234-5678-9012'),
    row('Matrícula / NIPC:', '509876543'),
    row('Firma:', 'ATLANTICO VERDE, LDA'),
    row('Natureza jurídica:', 'SOCIEDADE POR QUOTAS'),
    row('Sede:', 'Rua Augusta 100, 1100-053 Lisboa'),
    { text: 'Sociedade constituída em 20 de julho de 2016.', gap: 8 },
    { text: 'Lisboa, 5 de novembro de 2026', gap: 8 },
  ], { company_name: 'ATLANTICO VERDE, LDA', registration_number: '509876543', incorporation_date: '2016-07-20', issue_date: '2026-11-05' }),

  doc('pl-krs-odpis', 'register_extract', [
    { text: 'KRAJOWY REJESTR SĄDOWY', size: 13, bold: true },
    { text: 'Odpis aktualny z rejestru przedsiębiorców', gap: 2 },
    row('Numer KRS:', '0000765432'),
    row('Stan na dzień:', '05.11.2026'),
    row('Data wpisu do rejestru:', '12.12.2018'),
    row('Forma prawna:', 'SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ'),
    row('REGON:', '381234567'),
    row('Firma:', 'WISLA SYSTEMY SP. Z O.O.'),
    row('Siedziba:', 'Warszawa'),
    row('Adres:', 'ul. Marszałkowska 10, 00-590 Warszawa'),
  ], { company_name: 'WISLA SYSTEMY SP. Z O.O.', registration_number: '0000765432', incorporation_date: '2018-12-12', issue_date: '2026-11-05' }),
];
