// biome-ignore-all format: documents read better as the lines they print
// More company documents of countries the development set has never shown (every value invented):
// their licences, tax registrations, insurance certificates and articles; then two sets of
// registers written after the reader had learnt from the sets before them, to read unseen.
import { doc, row } from './company-world.ts';
import type { CorpusDoc } from './model.ts';

/** Tax and business registrations, licences, insurance certificates and articles of the same countries. */
export const WORLD_PERMIT_DOCS: CorpusDoc[] = [
  doc('au-abn-lookup', 'license', [
    { text: 'Australian Business Register', size: 12, bold: true },
    { text: 'ABN Lookup: current details for ABN 51 824 753 556', size: 13, bold: true, gap: 4 },
    row('Entity name:', 'KOALA RIDGE CONSULTING PTY LTD'),
    row('ABN status:', 'Active from 04 May 2016'),
    row('Entity type:', 'Australian Private Company'),
    row('Goods & Services Tax (GST):', 'Registered from 04 May 2016'),
    row('Main business location:', 'VIC 3000'),
  ], { licence_number: '51 824 753 556', holder: 'KOALA RIDGE CONSULTING PTY LTD', valid_from: '2016-05-04' }),

  doc('sg-iras-gst', 'license', [
    { text: 'INLAND REVENUE AUTHORITY OF SINGAPORE', size: 12, bold: true },
    { text: 'GST Registration Certificate', size: 14, bold: true, gap: 4 },
    row('GST Registration Number:', 'M90371234X'),
    row('Name:', 'LIONGATE ANALYTICS PTE. LTD.'),
    row('Effective Date of Registration:', '01/07/2020'),
    row('Date of Issue:', '15/06/2020'),
    { text: 'This is to certify that the above person is registered under the Goods and Services Tax Act.', gap: 10 },
  ], { licence_number: 'M90371234X', holder: 'LIONGATE ANALYTICS PTE. LTD.', valid_from: '2020-07-01', issue_date: '2020-06-15' }),

  doc('de-gewerbeanmeldung', 'license', [
    { text: 'Stadt Musterstadt - Gewerbeamt', size: 12, bold: true },
    { text: 'Gewerbeanmeldung - Empfangsbescheinigung', size: 13, bold: true, gap: 4 },
    row('Aktenzeichen:', 'GA-2015-04512'),
    row('Name der Gesellschaft:', 'Bergwerk Datentechnik GmbH'),
    row('Angemeldete Tätigkeit:', 'Entwicklung und Vertrieb von Software'),
    row('Beginn der Tätigkeit:', '01.04.2015'),
    { text: 'Musterstadt, den 20.03.2015', gap: 10 },
  ], { holder: 'Bergwerk Datentechnik GmbH', valid_from: '2015-04-01', issue_date: '2015-03-20' }),

  doc('es-licencia-actividad', 'license', [
    { text: 'AYUNTAMIENTO DE MADRID', size: 12, bold: true },
    { text: 'LICENCIA DE ACTIVIDAD', size: 14, bold: true, gap: 4 },
    row('Número de licencia:', '2019/LA/004512'),
    row('Titular:', 'SOLANA INNOVA SL'),
    row('Actividad:', 'Oficina de consultoría'),
    row('Fecha de concesión:', '12 de junio de 2019'),
    row('Válida hasta:', '11 de junio de 2029'),
  ], { licence_number: '2019/LA/004512', holder: 'SOLANA INNOVA SL', issue_date: '2019-06-12', expiry_date: '2029-06-11' }),

  doc('it-polizza', 'insurance_policy', [
    { text: 'Assicurazioni Esempio S.p.A.', size: 12, bold: true },
    { text: 'POLIZZA ASSICURATIVA - RESPONSABILITA CIVILE PROFESSIONALE', size: 12, bold: true, gap: 4 },
    row('Numero di polizza:', 'RCP-2026-004512'),
    row('Contraente:', 'FIORDALISO TECNOLOGIE S.R.L.'),
    row('Decorrenza:', '01/01/2026'),
    row('Scadenza:', '31/12/2026'),
    row('Massimale:', 'EUR 1.000.000,00'),
  ], { policy_number: 'RCP-2026-004512', policyholder: 'FIORDALISO TECNOLOGIE S.R.L.', valid_from: '2026-01-01', expiry_date: '2026-12-31', insured_amount: 1000000 }),

  doc('de-versicherungsschein', 'insurance_policy', [
    { text: 'Beispiel Versicherung AG', size: 12, bold: true },
    { text: 'Versicherungsschein Betriebshaftpflicht', size: 14, bold: true, gap: 4 },
    row('Versicherungsscheinnummer:', 'BH-7788-2026'),
    row('Versicherungsnehmer:', 'Bergwerk Datentechnik GmbH'),
    row('Versicherungsbeginn:', '01.01.2026'),
    row('Versicherungsablauf:', '01.01.2027'),
    row('Versicherungssumme:', '5.000.000,00 EUR'),
  ], { policy_number: 'BH-7788-2026', policyholder: 'Bergwerk Datentechnik GmbH', valid_from: '2026-01-01', expiry_date: '2027-01-01', insured_amount: 5000000 }),

  doc('fr-attestation-assurance', 'insurance_policy', [
    { text: "ATTESTATION D'ASSURANCE", size: 14, bold: true },
    { text: 'Responsabilité Civile Professionnelle', size: 12, gap: 2 },
    { text: 'Nous soussignés, Assurances Exemple SA, attestons que la société LUMIERE DIGITALE est titulaire du contrat n° 4512789 garantissant sa responsabilité civile professionnelle.', gap: 8 },
    { text: 'Période de validité : du 01/01/2026 au 31/12/2026', gap: 6 },
    { text: 'Fait à Paris, le 5 janvier 2026', gap: 10 },
  ], { policy_number: '4512789', policyholder: 'LUMIERE DIGITALE', valid_from: '2026-01-01', expiry_date: '2026-12-31', issue_date: '2026-01-05' }),

  doc('de-gesellschaftsvertrag', 'articles_of_association', [
    { text: 'Gesellschaftsvertrag', size: 15, bold: true },
    { text: '§ 1 Firma und Sitz', bold: true, gap: 8 },
    { text: '(1) Die Firma der Gesellschaft lautet: Bergwerk Datentechnik GmbH' },
    { text: '(2) Sitz der Gesellschaft ist München.' },
    { text: '§ 2 Gegenstand des Unternehmens', bold: true, gap: 6 },
    { text: 'Gegenstand des Unternehmens ist die Entwicklung und der Vertrieb von Software.' },
    { text: '§ 3 Stammkapital', bold: true, gap: 6 },
    { text: 'Das Stammkapital der Gesellschaft beträgt 25.000 Euro.' },
    { text: 'München, den 3. Februar 2015', gap: 12 },
  ], { company_name: 'Bergwerk Datentechnik GmbH', issue_date: '2015-02-03' }),

  doc('fr-statuts', 'articles_of_association', [
    { text: 'STATUTS', size: 15, bold: true },
    { text: 'Société par actions simplifiée au capital de 10 000 euros', gap: 4 },
    { text: 'Article 1 - Forme', bold: true, gap: 8 },
    { text: 'La société est une société par actions simplifiée régie par les présents statuts.' },
    { text: 'Article 2 - Dénomination', bold: true, gap: 6 },
    { text: 'La dénomination sociale de la société est : LUMIERE DIGITALE.' },
    { text: 'Article 3 - Siège social', bold: true, gap: 6 },
    { text: 'Le siège social est fixé au 12 rue de la République, 69002 Lyon.' },
    { text: 'Fait à Lyon, le 1er septembre 2015', gap: 12 },
  ], { company_name: 'LUMIERE DIGITALE', issue_date: '2015-09-01' }),
];

/**
 * A second set, written after the reader had learnt from the first and read by it unseen: other
 * registers (Ontario, Hong Kong's business registration, New Zealand's extract, Austria, Belgium,
 * Switzerland, the Dutch register in English, Spain's central register, Italy's chamber of
 * commerce, Singapore's confirmation, Ireland's tax clearance) and Dutch and Spanish insurance.
 */
export const WORLD_HOLDOUT_DOCS: CorpusDoc[] = [
  doc('ca-on-certificate', 'certificate_of_incorporation', [
    { text: 'Ontario', size: 12, bold: true },
    { text: 'Certificate of Incorporation', size: 15, bold: true, gap: 4 },
    { text: 'Business Corporations Act', size: 11 },
    row('Ontario Corporation Number:', '1000123456'),
    { text: 'This is to certify that these articles are effective on March 15, 2022.', gap: 10 },
    { text: 'TRILLIUM WAVE SOLUTIONS INC.', size: 13, bold: true, gap: 8 },
    { text: 'Director / Directeur, Business Corporations Act', gap: 14 },
  ], { company_name: 'TRILLIUM WAVE SOLUTIONS INC.', registration_number: '1000123456', incorporation_date: '2022-03-15' }),

  doc('hk-br-certificate', 'license', [
    { text: 'BUSINESS REGISTRATION CERTIFICATE', size: 15, bold: true },
    { text: 'Inland Revenue Department', size: 11 },
    row('Business Registration Number:', '71234567-000-08-23-5'),
    row('Name of Business:', 'HARBOURLINE TRADING LIMITED'),
    row('Date of Commencement:', '12/08/2019'),
    row('Date of Expiry:', '11/08/2024'),
    row('Nature of Business:', 'TRADING'),
  ], { licence_number: '71234567-000-08-23-5', holder: 'HARBOURLINE TRADING LIMITED', valid_from: '2019-08-12', expiry_date: '2024-08-11' }),

  doc('nz-company-extract', 'register_extract', [
    { text: 'Companies Office', size: 12, bold: true },
    { text: 'Company Extract', size: 15, bold: true, gap: 4 },
    { text: 'KIWI HARBOUR DESIGN LIMITED', size: 13, bold: true, gap: 6 },
    row('Company number:', '7654321'),
    row('NZBN:', '9429047654321'),
    row('Incorporation Date:', '03 Feb 2020'),
    row('Company Status:', 'Registered'),
    row('Entity type:', 'NZ Limited Company'),
    row('Registered Office:', '12 Queen Street, Auckland 1010'),
    { text: 'Extract generated 02 November 2026', gap: 10 },
  ], { company_name: 'KIWI HARBOUR DESIGN LIMITED', registration_number: '7654321', incorporation_date: '2020-02-03', status: 'Registered', issue_date: '2026-11-02' }),

  doc('at-firmenbuch', 'register_extract', [
    { text: 'FIRMENBUCHAUSZUG', size: 15, bold: true },
    row('Firmenbuchnummer:', 'FN 123456 a'),
    row('Firmenbuchgericht:', 'Handelsgericht Wien'),
    row('Firma:', 'Donau Digital GmbH'),
    row('Rechtsform:', 'Gesellschaft mit beschränkter Haftung'),
    row('Sitz:', 'Wien'),
    row('Geschäftsanschrift:', 'Praterstraße 10, 1020 Wien'),
    row('Tag der ersten Eintragung:', '05.06.2018'),
    row('Stichtag:', '02.11.2026'),
  ], { company_name: 'Donau Digital GmbH', registration_number: 'FN 123456 a', incorporation_date: '2018-06-05', issue_date: '2026-11-02' }),

  doc('be-kbo', 'register_extract', [
    { text: 'Banque-Carrefour des Entreprises', size: 13, bold: true },
    { text: "Données de l'entreprise", size: 12, gap: 4 },
    row("Numéro d'entreprise:", '0123.456.749'),
    row('Situation juridique:', 'Situation normale'),
    row('Date de début:', '1 février 2019'),
    row('Dénomination:', 'Exemple Bruxelles SRL'),
    row('Adresse du siège:', 'Rue Neuve 20, 1000 Bruxelles'),
    row('Forme légale:', 'Société à responsabilité limitée'),
  ], { company_name: 'Exemple Bruxelles SRL', registration_number: '0123.456.749', incorporation_date: '2019-02-01' }),

  doc('ch-handelsregister', 'register_extract', [
    { text: 'Handelsregister des Kantons Zürich', size: 13, bold: true },
    { text: 'Auszug', size: 12, gap: 4 },
    row('Firmennummer:', 'CHE-123.456.788'),
    row('Firma:', 'Alpen Beispiel AG'),
    row('Rechtsform:', 'Aktiengesellschaft'),
    row('Eintragung:', '12.05.2017'),
    row('Sitz:', 'Zürich'),
    { text: 'Zürich, 02.11.2026', gap: 10 },
  ], { company_name: 'Alpen Beispiel AG', registration_number: 'CHE-123.456.788', incorporation_date: '2017-05-12', issue_date: '2026-11-02' }),

  doc('nl-kvk-english', 'register_extract', [
    { text: 'Business Register extract', size: 14, bold: true },
    { text: 'Netherlands Chamber of Commerce', size: 11 },
    row('CCI number:', '87654321'),
    row('Legal form:', 'Besloten Vennootschap'),
    row('Name:', 'Tulpenveld Logistiek B.V.'),
    row('Date of incorporation:', '01-04-2020'),
    row('Visiting address:', 'Havenstraat 8, 3011 AB Rotterdam'),
    { text: 'Extract was made on 05-11-2026 at 10.15 hours.', gap: 10 },
  ], { company_name: 'Tulpenveld Logistiek B.V.', registration_number: '87654321', incorporation_date: '2020-04-01', issue_date: '2026-11-05' }),

  doc('es-rmc-certificacion', 'register_extract', [
    { text: 'REGISTRO MERCANTIL CENTRAL', size: 13, bold: true },
    { text: 'CERTIFICACIÓN', size: 12, bold: true, gap: 4 },
    row('Denominación social:', 'SIERRA NORTE SOLUCIONES SA'),
    row('C.I.F.:', 'A87654321'),
    row('Fecha de inscripción:', '22/07/2010'),
    row('Domicilio:', 'Avenida de América 10, 28028 Madrid'),
    { text: 'Madrid, 3 de noviembre de 2026', gap: 10 },
  ], { company_name: 'SIERRA NORTE SOLUCIONES SA', registration_number: 'A87654321', incorporation_date: '2010-07-22', issue_date: '2026-11-03' }),

  doc('it-certificato-iscrizione', 'register_extract', [
    { text: 'Camera di Commercio di Roma', size: 13, bold: true },
    { text: 'CERTIFICATO DI ISCRIZIONE NELLA SEZIONE ORDINARIA', size: 11, bold: true, gap: 4 },
    row('Denominazione:', 'COLOSSEO SOFTWARE S.P.A.'),
    row('Codice fiscale e numero di iscrizione:', '09876543210'),
    row('Numero REA:', 'RM - 1234567'),
    row('Data di iscrizione:', '03/03/2015'),
    row('Sede:', 'Via del Corso 100, 00186 Roma'),
    { text: 'Roma, 4 novembre 2026', gap: 10 },
  ], { company_name: 'COLOSSEO SOFTWARE S.P.A.', registration_number: '09876543210', incorporation_date: '2015-03-03', issue_date: '2026-11-04' }),

  doc('sg-confirmation', 'certificate_of_incorporation', [
    { text: 'CERTIFICATE CONFIRMING INCORPORATION OF COMPANY', size: 14, bold: true },
    { text: 'This is to confirm that LIONGATE ANALYTICS PTE. LTD., Unique Entity Number 201912345K, was incorporated under the Companies Act 1967 on 14/03/2019 and that the company is a private company limited by shares.', gap: 10 },
    { text: 'Given under my hand and seal on 02/11/2026.', gap: 8 },
    { text: 'Registrar of Companies', gap: 12 },
  ], { company_name: 'LIONGATE ANALYTICS PTE. LTD.', registration_number: '201912345K', incorporation_date: '2019-03-14' }),

  doc('ie-tax-clearance', 'license', [
    { text: 'Revenue', size: 13, bold: true },
    { text: 'Tax Clearance Certificate', size: 15, bold: true, gap: 4 },
    row('Tax Reference Number:', '1234567TA'),
    row('Name:', 'SHANNON BYTE SOLUTIONS LIMITED'),
    row('Date of issue:', '15/10/2026'),
    row('Expiry date:', '31/12/2026'),
  ], { licence_number: '1234567TA', issue_date: '2026-10-15', expiry_date: '2026-12-31' }),

  doc('nl-polisblad', 'insurance_policy', [
    { text: 'Voorbeeld Verzekeringen N.V.', size: 12, bold: true },
    { text: 'Polisblad Bedrijfsaansprakelijkheid', size: 14, bold: true, gap: 4 },
    row('Polisnummer:', 'AVB-2026-8812'),
    row('Verzekeringnemer:', 'Tulpenveld Logistiek B.V.'),
    row('Ingangsdatum:', '01-01-2026'),
    row('Einddatum:', '01-01-2027'),
    row('Verzekerd bedrag:', 'EUR 2.500.000,00'),
  ], { policy_number: 'AVB-2026-8812', policyholder: 'Tulpenveld Logistiek B.V.', valid_from: '2026-01-01', expiry_date: '2027-01-01', insured_amount: 2500000 }),

  doc('es-certificado-seguro', 'insurance_policy', [
    { text: 'Seguros Ejemplo S.A.', size: 12, bold: true },
    { text: 'CERTIFICADO DE SEGURO', size: 14, bold: true, gap: 4 },
    row('Número de póliza:', '0961234567'),
    row('Tomador:', 'SOLANA INNOVA SL'),
    row('Fecha de efecto:', '01/03/2026'),
    row('Fecha de vencimiento:', '28/02/2027'),
    row('Suma asegurada:', '600.000,00 EUR'),
  ], { policy_number: '0961234567', policyholder: 'SOLANA INNOVA SL', valid_from: '2026-03-01', expiry_date: '2027-02-28', insured_amount: 600000 }),
];

/** A third set, read unseen after the second: Malaysia, Wyoming, Luxembourg, Berlin, the Sirene register, Portugal, Denmark and an Australian certificate of currency. */
export const WORLD_THIRD_DOCS: CorpusDoc[] = [
  doc('my-ssm-certificate', 'certificate_of_incorporation', [
    { text: 'COMPANIES COMMISSION OF MALAYSIA', size: 12, bold: true },
    { text: 'CERTIFICATE OF INCORPORATION OF PRIVATE COMPANY', size: 13, bold: true, gap: 4 },
    row('Company No.:', '201901012345 (1234567-X)'),
    { text: 'This is to certify that PADI HILL TECHNOLOGIES SDN. BHD. is incorporated under the Companies Act 2016 on 10 April 2019, and that the company is a company limited by shares.', gap: 10 },
    { text: 'Given under my hand and seal at Kuala Lumpur on 10 April 2019.', gap: 8 },
  ], { company_name: 'PADI HILL TECHNOLOGIES SDN. BHD.', registration_number: '201901012345', incorporation_date: '2019-04-10' }),

  doc('us-wy-organization', 'certificate_of_incorporation', [
    { text: 'State of Wyoming', size: 12, bold: true },
    { text: 'Office of the Secretary of State', size: 11 },
    { text: 'CERTIFICATE OF ORGANIZATION', size: 14, bold: true, gap: 4 },
    { text: 'I, the Secretary of State of the State of Wyoming, hereby certify that the filing requirements for the issuance of this certificate have been fulfilled.', gap: 8 },
    { text: 'BIGHORN TRAIL VENTURES LLC', size: 13, bold: true, gap: 6 },
    row('Filing ID:', '2020-000912345'),
    row('Formation Date:', '06/01/2020'),
    { text: 'I have affixed hereto the Great Seal of the State of Wyoming and have signed my name on June 1, 2020.', gap: 8 },
  ], { company_name: 'BIGHORN TRAIL VENTURES LLC', registration_number: '2020-000912345', incorporation_date: '2020-06-01' }),

  doc('lu-rcs-extrait', 'register_extract', [
    { text: 'Luxembourg Business Registers', size: 12, bold: true },
    { text: 'Extrait du Registre de Commerce et des Sociétés', size: 13, bold: true, gap: 4 },
    row('Numéro RCS:', 'B123456'),
    row('Dénomination:', 'Moselle Conseil S.à r.l.'),
    row('Forme juridique:', 'Société à responsabilité limitée'),
    row("Date d'immatriculation:", '12/03/2018'),
    row('Siège social:', '5, rue de la Gare, L-1611 Luxembourg'),
    { text: 'Extrait délivré le 4 novembre 2026', gap: 10 },
  ], { company_name: 'Moselle Conseil S.à r.l.', registration_number: 'B123456', incorporation_date: '2018-03-12', issue_date: '2026-11-04' }),

  doc('de-hrb-berlin', 'register_extract', [
    { text: 'Amtsgericht Charlottenburg', size: 12, bold: true },
    { text: 'Handelsregister Abteilung B - Aktueller Ausdruck', size: 12, gap: 4 },
    row('Nummer der Firma:', 'HRB 198765 B'),
    row('Firma:', 'Spree Wolke Software UG (haftungsbeschränkt)'),
    row('Sitz:', 'Berlin'),
    row('Tag der ersten Eintragung:', '21.08.2019'),
    row('Ausdruck vom:', '30.10.2026'),
  ], { company_name: 'Spree Wolke Software UG (haftungsbeschränkt)', registration_number: 'HRB 198765 B', incorporation_date: '2019-08-21', issue_date: '2026-10-30' }),

  doc('fr-sirene-avis', 'register_extract', [
    { text: 'INSEE', size: 12, bold: true },
    { text: 'Avis de situation au répertoire Sirene', size: 13, bold: true, gap: 4 },
    { text: 'À la date du 3 novembre 2026, l\'établissement est inscrit au répertoire Sirene.' },
    row('Identifiant SIREN:', '812 345 676'),
    row('Identifiant SIRET:', '812 345 676 00014'),
    row('Dénomination:', 'LUMIERE DIGITALE'),
    row('Date de création:', '15/09/2015'),
    row('Catégorie juridique:', 'SAS, société par actions simplifiée'),
  ], { company_name: 'LUMIERE DIGITALE', registration_number: '812 345 676', incorporation_date: '2015-09-15', issue_date: '2026-11-03' }),

  doc('pt-registo-comercial', 'register_extract', [
    { text: 'CERTIDÃO DE REGISTO COMERCIAL', size: 14, bold: true },
    row('NIPC:', '514123456'),
    row('Firma:', 'DOURO NOVO, UNIPESSOAL LDA'),
    row('Data da constituição:', '02/05/2017'),
    row('Sede:', 'Rua das Flores 12, 4050-262 Porto'),
    { text: 'Porto, 6 de novembro de 2026', gap: 10 },
  ], { company_name: 'DOURO NOVO, UNIPESSOAL LDA', registration_number: '514123456', incorporation_date: '2017-05-02', issue_date: '2026-11-06' }),

  doc('dk-cvr-extract', 'register_extract', [
    { text: 'Danish Business Authority', size: 12, bold: true },
    { text: 'Company extract', size: 14, bold: true, gap: 4 },
    row('CVR number:', '12345678'),
    row('Name:', 'Nordlys Design ApS'),
    row('Form of business:', 'Private limited company'),
    row('Start date:', '01.02.2016'),
    row('Status:', 'Normal'),
    { text: 'Printed 05.11.2026', gap: 10 },
  ], { company_name: 'Nordlys Design ApS', registration_number: '12345678', incorporation_date: '2016-02-01', status: 'Normal' }),

  doc('au-certificate-of-currency', 'insurance_policy', [
    { text: 'Example Insurance Australia Limited', size: 12, bold: true },
    { text: 'CERTIFICATE OF CURRENCY', size: 14, bold: true, gap: 4 },
    row('Policy Number:', 'PL-04471234'),
    row('Insured:', 'KOALA RIDGE CONSULTING PTY LTD'),
    row('Period of Insurance:', '01/07/2026 to 30/06/2027'),
    row('Limit of Liability:', 'AUD 20,000,000'),
    row('Date of Issue:', '28/06/2026'),
  ], { policy_number: 'PL-04471234', policyholder: 'KOALA RIDGE CONSULTING PTY LTD', valid_from: '2026-07-01', expiry_date: '2027-06-30', insured_amount: 20000000, issue_date: '2026-06-28' }),
];
