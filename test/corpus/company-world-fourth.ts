// biome-ignore-all format: documents read better as the lines they print
// A fourth set of company documents, written before the reader was fixed for any of them, from
// registers and countries no set before showed: India, Nigeria, Kenya, a South African disclosure,
// Brazil, Mexico, Argentina, Dubai, Saudi Arabia, Turkey, Sweden, Norway, Finland, the Czech
// Republic, Romania, Greece, Israel, Delaware, Texas, Italian and Portuguese notarial acts with
// their dates in words, Swedish and Brazilian insurance, and Japanese and Chinese registers (read
// from their text: the renderer has no CJK font). Every name, number and address is invented; each
// number has its register's shape and, where the register has one, a right check digit.
import { doc, row } from './company-world.ts';
import type { CorpusDoc } from './model.ts';

export const WORLD_FOURTH_DOCS: CorpusDoc[] = [
  doc('in-mca-certificate', 'certificate_of_incorporation', [
    { text: 'GOVERNMENT OF INDIA', size: 12, bold: true },
    { text: 'MINISTRY OF CORPORATE AFFAIRS', size: 12, bold: true },
    { text: 'Central Registration Centre', size: 11 },
    { text: 'Certificate of Incorporation', size: 15, bold: true, gap: 6 },
    { text: '[Pursuant to sub-section (2) of section 7 and sub-section (1) of section 8 of the Companies Act, 2013 (18 of 2013) and rule 18 of the Companies (Incorporation) Rules, 2014]', size: 9 },
    { text: 'I hereby certify that GANGES BRIGHT SOFTWARE PRIVATE LIMITED is incorporated on this Twelfth day of March Two thousand twenty under the Companies Act, 2013 (18 of 2013) and that the company is limited by shares.', gap: 10 },
    { text: 'The Corporate Identity Number of the company is U72900MH2020PTC123456.', gap: 4 },
    { text: 'The Permanent Account Number (PAN) of the company is AABCG1234K', gap: 4 },
    { text: 'Given under my hand at Manesar this Twelfth day of March Two thousand twenty.', gap: 8 },
    { text: 'Assistant Registrar of Companies, for and on behalf of the Jurisdictional Registrar of Companies', gap: 12 },
  ], { company_name: 'GANGES BRIGHT SOFTWARE PRIVATE LIMITED', registration_number: 'U72900MH2020PTC123456', incorporation_date: '2020-03-12' }),

  doc('ng-cac-certificate', 'certificate_of_incorporation', [
    { text: 'FEDERAL REPUBLIC OF NIGERIA', size: 12, bold: true },
    { text: 'CORPORATE AFFAIRS COMMISSION', size: 13, bold: true },
    { text: 'CERTIFICATE OF INCORPORATION OF A PRIVATE COMPANY LIMITED BY SHARES', size: 12, bold: true, gap: 6 },
    // The Commission cites its numbers with their prefix: "RC 1876543".
    row('RC', '1876543', 90),
    { text: 'I hereby certify that OKAPI FRESH FOODS LIMITED is this day incorporated under the Companies and Allied Matters Act, 2020 and that the company is limited by shares.', gap: 10 },
    { text: 'Given under my hand at Abuja this 15th day of June, 2021.', gap: 8 },
    { text: 'Registrar-General', gap: 14 },
  ], { company_name: 'OKAPI FRESH FOODS LIMITED', registration_number: 'RC 1876543', incorporation_date: '2021-06-15' }),

  doc('ke-brs-certificate', 'certificate_of_incorporation', [
    { text: 'REPUBLIC OF KENYA', size: 12, bold: true },
    { text: 'THE COMPANIES ACT, 2015', size: 11 },
    { text: 'CERTIFICATE OF INCORPORATION', size: 15, bold: true, gap: 4 },
    row('No.', 'PVT-AJU7KL9M', 90),
    { text: 'I hereby certify that SAVANNA LINK LOGISTICS LIMITED is incorporated under the Companies Act, 2015 as a private company limited by shares.', gap: 10 },
    { text: 'Given under my hand at Nairobi on 2nd September, 2019.', gap: 8 },
    { text: 'Registrar of Companies', gap: 14 },
  ], { company_name: 'SAVANNA LINK LOGISTICS LIMITED', registration_number: 'PVT-AJU7KL9M', incorporation_date: '2019-09-02' }),

  doc('za-cipc-disclosure', 'register_extract', [
    { text: 'Companies and Intellectual Property Commission', size: 12, bold: true },
    { text: 'Disclosure Certificate', size: 14, bold: true, gap: 4 },
    row('Enterprise Number:', '2020/654321/07'),
    row('Enterprise Name:', 'FYNBOS CLOUD WORKS (PTY) LTD'),
    row('Enterprise Type:', 'Private Company'),
    row('Enterprise Status:', 'In Business'),
    row('Registration Date:', '2020-08-17'),
    row('Financial Year End:', 'February'),
    { text: 'Date printed: 2026-11-04', gap: 10 },
  ], { company_name: 'FYNBOS CLOUD WORKS (PTY) LTD', registration_number: '2020/654321/07', incorporation_date: '2020-08-17', status: 'In Business', issue_date: '2026-11-04' }),

  doc('br-cnpj-cartao', 'register_extract', [
    { text: 'REPÚBLICA FEDERATIVA DO BRASIL', size: 12, bold: true },
    { text: 'CADASTRO NACIONAL DA PESSOA JURÍDICA', size: 12, bold: true },
    { text: 'COMPROVANTE DE INSCRIÇÃO E DE SITUAÇÃO CADASTRAL', size: 12, bold: true, gap: 4 },
    row('NÚMERO DE INSCRIÇÃO', '12.345.678/0001-95  MATRIZ'),
    row('DATA DE ABERTURA', '14/05/2018'),
    row('NOME EMPRESARIAL', 'IPÊ AMARELO TECNOLOGIA LTDA'),
    row('NATUREZA JURÍDICA', '206-2 - Sociedade Empresária Limitada'),
    row('LOGRADOURO', 'Avenida Paulista 1000, São Paulo SP'),
    row('SITUAÇÃO CADASTRAL', 'ATIVA'),
    row('DATA DA SITUAÇÃO CADASTRAL', '14/05/2018'),
    { text: 'Emitido no dia 05/11/2026 às 10:12:33 (data e hora de Brasília).', gap: 10 },
  ], { company_name: 'IPÊ AMARELO TECNOLOGIA LTDA', registration_number: '12.345.678/0001-95', incorporation_date: '2018-05-14', status: 'ATIVA', issue_date: '2026-11-05' }),

  doc('mx-acta-constitutiva', 'articles_of_association', [
    { text: 'ESCRITURA PÚBLICA NÚMERO DOCE MIL TRESCIENTOS CUARENTA Y CINCO', size: 12, bold: true },
    { text: 'ACTA CONSTITUTIVA', size: 14, bold: true, gap: 4 },
    { text: 'En la Ciudad de México, a los quince días del mes de marzo de dos mil veinte, ante mí, Licenciado Notario Público número 99, comparecen los señores fundadores con el objeto de constituir una sociedad anónima de capital variable.', gap: 8 },
    { text: 'PRIMERA.- La sociedad se denominará AGAVE AZUL SOLUCIONES, S.A. DE C.V.', gap: 6 },
    { text: 'SEGUNDA.- El domicilio de la sociedad será la Ciudad de México.' },
    { text: 'TERCERA.- El capital social mínimo fijo es de $50,000.00 M.N.' },
  ], { company_name: 'AGAVE AZUL SOLUCIONES, S.A. DE C.V.', issue_date: '2020-03-15' }),

  doc('mx-sat-constancia', 'license', [
    { text: 'SERVICIO DE ADMINISTRACIÓN TRIBUTARIA', size: 12, bold: true },
    { text: 'CONSTANCIA DE SITUACIÓN FISCAL', size: 14, bold: true, gap: 4 },
    row('RFC:', 'AAS200315KT4'),
    row('Denominación/Razón Social:', 'AGAVE AZUL SOLUCIONES'),
    row('Régimen Capital:', 'SOCIEDAD ANONIMA DE CAPITAL VARIABLE'),
    row('Fecha inicio de operaciones:', '15 DE MARZO DE 2020'),
    row('Estatus en el padrón:', 'ACTIVO'),
    { text: 'Lugar y Fecha de Emisión: CUAUHTEMOC, CIUDAD DE MEXICO A 05 DE NOVIEMBRE DE 2026', gap: 10 },
  ], { licence_number: 'AAS200315KT4', valid_from: '2020-03-15', issue_date: '2026-11-05' }),

  doc('ar-afip-constancia', 'license', [
    { text: 'Administración Federal de Ingresos Públicos', size: 12, bold: true },
    { text: 'CONSTANCIA DE INSCRIPCIÓN', size: 14, bold: true, gap: 4 },
    row('CUIT:', '30-71234567-1'),
    row('Razón social:', 'PAMPA SUR ALIMENTOS S.R.L.'),
    row('Forma jurídica:', 'SOCIEDAD DE RESPONSABILIDAD LIMITADA'),
    row('Fecha de contrato social:', '10-02-2017'),
    row('Domicilio fiscal:', 'Av. Corrientes 1234, C1043 Ciudad Autónoma de Buenos Aires'),
    { text: 'Fecha de emisión: 05/11/2026', gap: 10 },
  ], { licence_number: '30-71234567-1', holder: 'PAMPA SUR ALIMENTOS S.R.L.', issue_date: '2026-11-05' }),

  doc('ae-dubai-trade-licence', 'license', [
    { text: 'Government of Dubai', size: 12, bold: true },
    { text: 'Department of Economy and Tourism', size: 12, bold: true },
    { text: 'COMMERCIAL LICENCE', size: 15, bold: true, gap: 4 },
    row('Licence No.', '1098765'),
    row('Trade Name', 'DESERT FALCON GENERAL TRADING L.L.C'),
    row('Legal Type', 'Limited Liability Company (LLC)'),
    row('Issue Date', '12/01/2021'),
    row('Expiry Date', '11/01/2027'),
    row('Activities', 'General Trading'),
  ], { licence_number: '1098765', holder: 'DESERT FALCON GENERAL TRADING L.L.C', issue_date: '2021-01-12', expiry_date: '2027-01-11' }),

  doc('sa-commercial-registration', 'register_extract', [
    { text: 'Kingdom of Saudi Arabia', size: 12, bold: true },
    { text: 'Ministry of Commerce', size: 12, bold: true },
    { text: 'Commercial Registration Certificate', size: 14, bold: true, gap: 4 },
    row('CR Number:', '1010654321'),
    row('Trade Name:', 'NAKHEEL BRIDGE CONTRACTING COMPANY'),
    row('Company Type:', 'Limited Liability Company'),
    row('Registration Date:', '14/09/2019'),
    row('Expiry Date:', '13/09/2027'),
    row('City:', 'Riyadh'),
  ], { company_name: 'NAKHEEL BRIDGE CONTRACTING COMPANY', registration_number: '1010654321', incorporation_date: '2019-09-14' }),

  doc('tr-ticaret-sicil', 'register_extract', [
    { text: 'İSTANBUL TİCARET ODASI', size: 12, bold: true },
    { text: 'TİCARET SİCİL MÜDÜRLÜĞÜ', size: 12, bold: true },
    { text: 'FAALİYET BELGESİ', size: 14, bold: true, gap: 4 },
    row('Ticaret Sicil No:', '123456-5'),
    row('MERSİS No:', '0456123789600017'),
    row('Ticaret Unvanı:', 'BOĞAZİÇİ YAZILIM ANONİM ŞİRKETİ'),
    row('Tescil Tarihi:', '03.04.2017'),
    row('Adres:', 'Büyükdere Cad. No:10 Şişli İstanbul'),
    { text: 'İşbu belge 05.11.2026 tarihinde düzenlenmiştir.', gap: 10 },
  ], { company_name: 'BOĞAZİÇİ YAZILIM ANONİM ŞİRKETİ', registration_number: '0456123789600017', incorporation_date: '2017-04-03', issue_date: '2026-11-05' }),

  doc('se-registreringsbevis', 'register_extract', [
    { text: 'Bolagsverket', size: 12, bold: true },
    { text: 'REGISTRERINGSBEVIS', size: 15, bold: true, gap: 4 },
    row('Organisationsnummer:', '556712-3459'),
    row('Firma:', 'Fjällbacka Mjukvara AB'),
    row('Företagsform:', 'Aktiebolag'),
    row('Registreringsdatum:', '2016-09-22'),
    row('Säte:', 'Göteborg'),
    { text: 'Registreringsbeviset utfärdat 2026-11-03', gap: 10 },
  ], { company_name: 'Fjällbacka Mjukvara AB', registration_number: '556712-3459', incorporation_date: '2016-09-22', issue_date: '2026-11-03' }),

  doc('no-firmaattest', 'register_extract', [
    { text: 'Brønnøysundregistrene', size: 12, bold: true },
    { text: 'FIRMAATTEST', size: 15, bold: true, gap: 4 },
    row('Organisasjonsnummer:', '923 456 783'),
    row('Foretaksnavn:', 'FJORDLYS TEKNOLOGI AS'),
    row('Organisasjonsform:', 'Aksjeselskap'),
    row('Stiftelsesdato:', '15.03.2019'),
    row('Registrert i Foretaksregisteret:', '02.04.2019'),
    row('Forretningsadresse:', 'Karl Johans gate 5, 0154 Oslo'),
    { text: 'Utskrift fra Foretaksregisteret 04.11.2026', gap: 10 },
  ], { company_name: 'FJORDLYS TEKNOLOGI AS', registration_number: '923 456 783', incorporation_date: '2019-03-15', issue_date: '2026-11-04' }),

  doc('fi-kaupparekisteriote', 'register_extract', [
    { text: 'Patentti- ja rekisterihallitus', size: 12, bold: true },
    { text: 'KAUPPAREKISTERIOTE', size: 15, bold: true, gap: 4 },
    row('Y-tunnus:', '3123456-3'),
    row('Toiminimi:', 'Revontuli Ohjelmistot Oy'),
    row('Yritysmuoto:', 'Osakeyhtiö'),
    row('Rekisteröity:', '11.02.2020'),
    row('Kotipaikka:', 'Helsinki'),
    { text: 'Ote tulostettu 03.11.2026', gap: 10 },
  ], { company_name: 'Revontuli Ohjelmistot Oy', registration_number: '3123456-3', incorporation_date: '2020-02-11', issue_date: '2026-11-03' }),

  doc('cz-obchodni-rejstrik', 'register_extract', [
    { text: 'Výpis z obchodního rejstříku', size: 14, bold: true },
    { text: 'vedeného Městským soudem v Praze, oddíl C, vložka 234567', gap: 2 },
    row('Datum vzniku a zápisu:', '8. června 2016'),
    row('Obchodní firma:', 'Vltava Data s.r.o.'),
    row('Sídlo:', 'Vinohradská 12, 120 00 Praha 2'),
    row('Identifikační číslo:', '274 56 129'),
    row('Právní forma:', 'Společnost s ručením omezeným'),
    { text: 'Údaje platné ke dni: 4. listopadu 2026', gap: 10 },
  ], { company_name: 'Vltava Data s.r.o.', registration_number: '27456129', incorporation_date: '2016-06-08', issue_date: '2026-11-04' }),

  doc('ro-onrc-certificat', 'certificate_of_incorporation', [
    { text: 'OFICIUL NAȚIONAL AL REGISTRULUI COMERȚULUI', size: 12, bold: true },
    { text: 'CERTIFICAT DE ÎNREGISTRARE', size: 15, bold: true, gap: 4 },
    row('Firma:', 'CARPAȚI SOFT SRL'),
    row('Număr de ordine în registrul comerțului:', 'J40/4567/2018'),
    row('Cod unic de înregistrare:', '41234564'),
    row('Data înregistrării:', '21.03.2018'),
    row('Sediul social:', 'Str. Lipscani 10, București, Sector 3'),
  ], { company_name: 'CARPAȚI SOFT SRL', registration_number: '41234564', incorporation_date: '2018-03-21' }),

  doc('gr-gemi-certificate', 'register_extract', [
    { text: 'ΓΕΝΙΚΟ ΕΜΠΟΡΙΚΟ ΜΗΤΡΩΟ', size: 12, bold: true },
    { text: 'ΠΙΣΤΟΠΟΙΗΤΙΚΟ ΚΑΤΑΧΩΡΙΣΗΣ', size: 14, bold: true, gap: 4 },
    row('Αριθμός Γ.Ε.ΜΗ.:', '123456701000'),
    row('Επωνυμία:', 'ΕΛΑΙΑ ΨΗΦΙΑΚΗ Ι.Κ.Ε.'),
    row('Α.Φ.Μ.:', '801234560'),
    row('Ημερομηνία σύστασης:', '12/05/2019'),
    row('Έδρα:', 'Αθήνα'),
    { text: 'Αθήνα, 04/11/2026', gap: 10 },
  ], { company_name: 'ΕΛΑΙΑ ΨΗΦΙΑΚΗ Ι.Κ.Ε.', registration_number: '123456701000', incorporation_date: '2019-05-12', issue_date: '2026-11-04' }),

  doc('il-registrar-certificate', 'certificate_of_incorporation', [
    { text: 'State of Israel', size: 12, bold: true },
    { text: 'Israeli Corporations Authority - Registrar of Companies', size: 11 },
    { text: 'CERTIFICATE OF INCORPORATION', size: 15, bold: true, gap: 4 },
    { text: 'This is to certify that CARMEL CODE WORKS LTD, Company No. 516123452, was incorporated in Israel under the Companies Law, 5759-1999, on 7 July 2021, and that the company is a limited company.', gap: 10 },
    { text: 'Registrar of Companies', gap: 14 },
  ], { company_name: 'CARMEL CODE WORKS LTD', registration_number: '516123452', incorporation_date: '2021-07-07' }),

  doc('us-de-good-standing', 'register_extract', [
    { text: 'Delaware', size: 14, bold: true },
    { text: 'The First State', size: 10 },
    { text: 'I, THE SECRETARY OF STATE OF THE STATE OF DELAWARE, DO HEREBY CERTIFY "BRANDYWINE ORBIT LABS, INC." IS DULY INCORPORATED UNDER THE LAWS OF THE STATE OF DELAWARE AND IS IN GOOD STANDING AND HAS A LEGAL CORPORATE EXISTENCE SO FAR AS THE RECORDS OF THIS OFFICE SHOW, AS OF THE THIRD DAY OF NOVEMBER, A.D. 2026.', gap: 10 },
    { text: 'AND I DO HEREBY FURTHER CERTIFY THAT THE SAID "BRANDYWINE ORBIT LABS, INC." WAS INCORPORATED ON THE TWENTIETH DAY OF JANUARY, A.D. 2022.', gap: 6 },
    row('File Number:', '6543210'),
    row('Authentication:', '204567890'),
    row('Date:', '11-03-26'),
  ], { company_name: 'BRANDYWINE ORBIT LABS, INC.', registration_number: '6543210', incorporation_date: '2022-01-20', issue_date: '2026-11-03' }),

  doc('us-tx-existence', 'register_extract', [
    { text: 'Office of the Secretary of State', size: 12, bold: true },
    { text: 'Certificate of Fact', size: 15, bold: true, gap: 4 },
    { text: 'The undersigned, as Secretary of State of Texas, does hereby certify that the document, Certificate of Formation for LONE MESA ENERGY SERVICES LLC (file number 0803456789), a Domestic Limited Liability Company (LLC), was filed in this office on April 14, 2020.', gap: 10 },
    { text: 'It is further certified that the entity status in Texas is in existence.', gap: 6 },
    { text: 'In testimony whereof, I have hereunto signed my name officially and caused to be impressed hereon the Seal of State at my office in Austin, Texas on November 2, 2026.', gap: 8 },
  ], { company_name: 'LONE MESA ENERGY SERVICES LLC', registration_number: '0803456789', incorporation_date: '2020-04-14', issue_date: '2026-11-02' }),

  doc('it-atto-costitutivo', 'articles_of_association', [
    { text: 'ATTO COSTITUTIVO DI SOCIETÀ A RESPONSABILITÀ LIMITATA', size: 13, bold: true },
    { text: 'REPUBBLICA ITALIANA', size: 11, gap: 4 },
    { text: "L'anno duemilaventi, addì ventitré del mese di ottobre, in Torino, nel mio studio in Via Roma n. 5, avanti a me, dottor Notaio in Torino, sono presenti i signori comparenti.", gap: 8 },
    { text: 'Articolo 1 - È costituita una società a responsabilità limitata con la denominazione "GIRASOLE LAB S.R.L.".', gap: 6 },
    { text: 'Articolo 2 - La società ha sede in Torino.' },
    { text: 'Articolo 3 - Il capitale sociale è di euro diecimila.' },
  ], { company_name: 'GIRASOLE LAB S.R.L.', issue_date: '2020-10-23' }),

  doc('pt-escritura-constituicao', 'articles_of_association', [
    { text: 'CONSTITUIÇÃO DE SOCIEDADE', size: 14, bold: true },
    { text: 'No dia vinte e dois de janeiro de dois mil e vinte e um, no Cartório Notarial de Coimbra, perante mim, Notária, compareceram os outorgantes, que declararam constituir uma sociedade comercial por quotas.', gap: 8 },
    { text: 'Artigo primeiro - A sociedade adota a firma "MONDEGO CRIATIVO, LDA" e tem sede em Coimbra.', gap: 6 },
    { text: 'Artigo segundo - O capital social é de cinco mil euros.' },
  ], { company_name: 'MONDEGO CRIATIVO, LDA', issue_date: '2021-01-22' }),

  doc('se-forsakringsbrev', 'insurance_policy', [
    { text: 'Exempel Försäkring AB', size: 12, bold: true },
    { text: 'FÖRSÄKRINGSBREV - Företagsförsäkring', size: 14, bold: true, gap: 4 },
    row('Försäkringsnummer:', 'FF-20264512'),
    row('Försäkringstagare:', 'Fjällbacka Mjukvara AB'),
    row('Försäkringsperiod:', '2026-01-01 - 2026-12-31'),
    row('Försäkringsbelopp:', '10 000 000 SEK'),
    row('Utfärdat:', '2025-12-15'),
  ], { policy_number: 'FF-20264512', policyholder: 'Fjällbacka Mjukvara AB', valid_from: '2026-01-01', expiry_date: '2026-12-31', insured_amount: 10000000, issue_date: '2025-12-15' }),

  doc('br-apolice-seguro', 'insurance_policy', [
    { text: 'Seguradora Exemplo S.A.', size: 12, bold: true },
    { text: 'APÓLICE DE SEGURO - RESPONSABILIDADE CIVIL GERAL', size: 13, bold: true, gap: 4 },
    row('Número da apólice:', '1007800045123'),
    row('Segurado:', 'IPÊ AMARELO TECNOLOGIA LTDA'),
    row('Vigência:', 'das 24h de 01/02/2026 às 24h de 01/02/2027'),
    row('Importância segurada:', 'R$ 2.000.000,00'),
    row('Data de emissão:', '25/01/2026'),
  ], { policy_number: '1007800045123', policyholder: 'IPÊ AMARELO TECNOLOGIA LTDA', valid_from: '2026-02-01', expiry_date: '2027-02-01', insured_amount: 2000000, issue_date: '2026-01-25' }),
];

/** Registers in Japanese and Chinese, read from their text (the page renderer has no CJK font). */
export const WORLD_FOURTH_CJK_DOCS: CorpusDoc[] = [
  doc('jp-tokibo', 'register_extract', [
    { text: '履歴事項全部証明書', size: 14, bold: true },
    row('会社法人等番号', '0104-01-234567'),
    row('法人番号', '9010401234567'),
    row('商号', 'さくら電子株式会社'),
    row('本店', '東京都千代田区丸の内一丁目1番1号'),
    row('会社成立の年月日', '令和2年4月1日'),
    row('目的', 'ソフトウェアの開発及び販売'),
    { text: 'これは登記簿に記録されている閉鎖されていない事項の全部であることを証明した書面である。', gap: 8 },
    { text: '令和8年11月4日', gap: 4 },
    { text: '東京法務局', gap: 4 },
  ], { company_name: 'さくら電子株式会社', registration_number: '9010401234567', incorporation_date: '2020-04-01', issue_date: '2026-11-04' }),

  doc('cn-yingye-zhizhao', 'license', [
    { text: '营业执照', size: 16, bold: true },
    { text: '（副本）', size: 11 },
    row('统一社会信用代码', '91440300MA5G12345L'),
    row('名称', '深圳示例星光科技有限公司'),
    row('类型', '有限责任公司'),
    row('法定代表人', '李示例'),
    row('成立日期', '2019年05月20日'),
    row('营业期限', '2019年05月20日至长期'),
    { text: '登记机关', gap: 8 },
    { text: '2026年11月03日' },
  ], { licence_number: '91440300MA5G12345L', holder: '深圳示例星光科技有限公司', valid_from: '2019-05-20', issue_date: '2026-11-03' }),
];
