// biome-ignore-all format: word lists read better packed, a paragraph a language
// The labels a company register prints before its fields, in the languages of the registers read:
// the company's name, its legal form, its dates of founding and of the extract, its status and its
// registered office.

export const NAME_LABELS = [
  'company name', 'name of company', 'registered name', 'entity name', 'business name', 'enterprise name', 'firmenname', 'firma',
  'denomination ou raison sociale', 'denomination sociale', 'denomination', 'raison sociale', 'razon social', 'denominacion social', 'denominacion',
  'ragione sociale', 'denominazione', 'statutaire naam', 'nazwa',
  // Registers of other countries: a trade name (Gulf registers), Turkish, Greek, Czech, Norwegian, Finnish, Brazilian, Japanese.
  'trade name', 'ticaret unvani', 'unvani', 'επωνυμια', 'obchodni firma', 'foretaksnavn', 'toiminimi', 'nome empresarial', 'razao social', '商号', 'legal name',
  // Croatian, Serbian, Lithuanian and Latvian registers.
  'tvrtka', 'poslovno ime', 'pavadinimas', 'nosaukums',
  // Iceland's company register (fyrirtækjaskrá).
  'nafn',
  // Registers of the former Soviet Union in translation ("Full name of the legal entity"), Moldova's and Albania's.
  'full name of the legal entity', 'full name', 'denumirea completa', 'emri i subjektit',
];

export const STATUS_LABELS = [
  // Ukraine's register in translation ("Status of the legal entity"), Albania's "Statusi".
  'status of the legal entity', 'statusi',
  'company status', 'enterprise status', 'entity status', 'situacao cadastral', 'status', 'statut',
  // A Colombian chamber of commerce's "Estado de la matrícula".
  'estado de la matricula', 'estado matricula',
];

export const INCORPORATED_ON = [
  'date of incorporation', 'incorporation date', 'incorporated on', 'date of registration', 'registration date', 'registered on', 'formation date', 'date of formation',
  'day of commencement of registration', 'grundungsdatum', 'eintragungsdatum', 'tag der eintragung', 'tag der ersten eintragung', 'date d immatriculation',
  'date de constitution', 'fecha de constitucion', 'fecha de inscripcion', 'data atto di costituzione', 'data di costituzione', 'data costituzione',
  'data di iscrizione', 'data iscrizione', 'datum akte van oprichting', 'datum oprichting', 'datum eerste inschrijving', 'datum inschrijving',
  'data de constituicao', 'data da constituicao', 'data do registo', 'data wpisu do rejestru', 'data rejestracji', 'date de debut', 'date de creation', 'articles are effective on', 'start date',
  // Nordic, Czech, Romanian, Turkish, Greek, Brazilian, Argentine and Japanese registers.
  'registreringsdatum', 'stiftelsesdato', 'registrert i foretaksregisteret', 'rekisteroity', 'rekisterointipaiva', 'datum vzniku a zapisu', 'datum vzniku', 'datum zapisu',
  'data inregistrarii', 'tescil tarihi', 'ημερομηνια συστασης', 'data de abertura', 'fecha de contrato social', '会社成立の年月日',
  // A US state's first filing (New York's DOS, other states' "Initial Filing Date"), Belgium's KBO in Dutch.
  'date of initial dos filing', 'initial dos filing date', 'date of initial filing', 'initial filing date', 'begindatum', 'oprichtingsdatum',
  // Slovakia's ORSR (the Czech register's "datum zapisu" above), Hungary's cégkivonat.
  'den zapisu', 'bejegyezve', 'alapitas datuma',
  // Registers of the Baltic states and the former Yugoslavia (Latvian, Lithuanian, Slovenian, Serbian and Croatian), a
  // Colombian chamber of commerce's entry, a Vietnamese enterprise's first registration.
  'registracijas datums', 'iregistravimo data', 'datum vpisa', 'datum osnivanja', 'datum upisa', 'fecha de matricula', 'first registration',
  // The registers of Algeria and Tunisia ("Date d'inscription"), Iceland's ("Skráð", registered).
  'date d inscription', 'skrad',
  // Registers of the former Soviet Union in translation (Georgia, Kazakhstan, Ukraine: the day of "state registration"),
  // Albania's, Montenegro's, North Macedonia's ("Date of establishment"), Macau's matrícula and Bulgaria's "Date of entry".
  'date of state registration', 'date of initial state registration', 'date and number of the record of state registration',
  'data e regjistrimit', 'datum registracije', 'date of establishment', 'data da matricula', 'date of entry',
];

/**
 * The day of founding, before the day of entry in a register that prints both: Quebec's "Date de la
 * constitution" after its "Date d'immatriculation" (the day the enterprise register took it in).
 */
export const CONSTITUTED_ON = ['date de la constitution', 'date de constitution', 'fecha de constitucion', 'data di costituzione'];

/** A label too short to stand anywhere in a line ("Tag der letzten Eintragung" is not the first): only at the start of its cell. */
export const REGISTERED_CELL = ['eintragung', 'ersteintragung', 'inschrijving', 'inscription', 'registered'];

export const ISSUED_ON = [
  'date of issue', 'issued on', 'issue date', 'extract date', 'date of extract', 'date of this extract', 'printed on', 'abruf vom', 'ausdruck vom',
  'delivre le', 'a jour au', 'given under my hand on', 'dated', 'vervaardigd op', 'data estrazione', 'data di estrazione', 'stan na dzien',
  'fecha de expedicion', 'data de emissao', 'extract generated', 'extract was made on', 'generated on', 'stichtag', 'a la date du',
  'date printed', 'printed', 'utfardat', 'utskrift fra foretaksregisteret', 'ote tulostettu', 'udaje platne ke dni', 'emitido no dia', 'emitido em', 'fecha de emision',
  // Slovakia's ORSR (as the Czech "údaje platné ke dni" above), Quebec's register statement.
  'datum vypisu', 'renseignements en date du',
  // A Colombian certificate's "Fecha Expedición", a Slovenian extract's "Stanje na dan" (the state on the day).
  'fecha expedicion', 'stanje na dan',
  // Tunisia's RNE ("Date d'extraction"), a Gulf register's printout ("Print Date"), Liechtenstein's "Auszug vom".
  'date d extraction', 'print date', 'auszug vom',
  // Ukraine's register extract, dated by the moment it was formed ("Date and time of formation").
  'date and time of formation',
];

export const LEGAL_FORM_LABELS = [
  // Ukraine's and Moldova's "organisational and legal form", Albania's, Montenegro's and Kosovo's (before "legal form",
  // which they end in: the label that starts the line wins).
  'organisational and legal form', 'organizational and legal form', 'organizational legal form', 'forma organizatorico juridica',
  'forma ligjore', 'oblik organizovanja', 'business type',
  'legal form', 'company type', 'type of company', 'legal type', 'enterprise type', 'rechtsform', 'forme juridique', 'forma juridica', 'natureza juridica',
  'foretagsform', 'organisasjonsform', 'yritysmuoto', 'pravni forma', 'pravna forma', 'cegforma',
  // Croatian, Slovenian, Lithuanian and Latvian registers.
  'pravni oblik', 'pravnoorganizacijska oblika', 'teisine forma', 'komersanta veids',
  // Chile's "Tipo de sociedad", Zambia's PACRA "Entity Type", Iceland's "Rekstrarform".
  'tipo de sociedad', 'entity type', 'rekstrarform',
];

/** A register's business address, read before its seat (below), which names a town only ("Sitz: München"). */
export const OFFICE_LABELS = [
  'registered office address', 'registered office', 'registered address', 'address of registered office', 'geschaftsanschrift', 'adresse du siege',
  'siege social', 'domicilio social', 'sede legale', 'forretningsadresse', 'sediul social',
  // Latvia's legal address, Lithuania's seat's address, Slovenia's address.
  'juridiska adrese', 'buveines adresas', 'naslov',
  // Iceland's legal domicile (lögheimili).
  'logheimili',
  // Registers of the former Soviet Union in translation ("Legal address", "Location of the legal entity"), Moldova's
  // "Sediul", Bosnia's "Sjedište", Albania's "Adresa e selisë", Bulgaria's "Seat and registered address".
  'legal address', 'location of the legal entity', 'sediul', 'sjediste', 'adresa e selise', 'seat and registered address',
];
export const SEAT_LABELS = ['sitz', 'sidlo'];

