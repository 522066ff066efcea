// biome-ignore-all format: word lists read better packed
// The labels identity documents print over or before their fields, folded (lower case, no accents),
// in the languages passports, identity cards, residence permits and driving licences print them.

/** The labels of a document's number. */
export const NUMBER_LABELS = [
  'passport no', 'passport number', 'document no', 'document number', 'card no', 'pass nr', 'licence number', 'license number',
  'licence no', 'license no', 'dl no', 'numero de permis', 'fuhrerscheinnummer', 'numero documento', 'numero de documento',
  'numero du document', 'dokumentnummer', 'documentnummer', 'numer dokumentu', 'aadhaar no', 'uscis',
  // A card whose number is the holder's national identity number: "ID Number" (the Emirates), "Identity
  // Number" (South Africa), "NIN" (Nigeria's national identification number).
  'id number', 'identity number', 'identification number', 'nin',
  // "Broj osobne iskaznice / Identity card number" (Croatia).
  'card number',
  // A card whose number is the holder's national identity number under that number's own name: "DNI"
  // (Peru's documento nacional de identidad), "NUIP" (Colombia's número único de identificación personal).
  'dni', 'nuip',
];

/**
 * Labels of a document's number that stand over their value: those above, and "Documento / Document"
 * (Argentina), a label too plain to be trusted before a value on its own line.
 */
export const NUMBER_OVER = [...NUMBER_LABELS, 'documento document'];

export const ISSUE_LABELS = [
  'date of issue', 'issue date', 'date de delivrance', 'ausstellungsdatum', 'fecha de expedicion', 'data di emissione', 'emissione',
  'data wydania', 'datum van afgifte', 'data de emissao', 'issued',
  // "Issuing Date" (the Emirates), "DOI" (Indian licences).
  'issuing date', 'doi',
];

/** Labels of the expiry date with the value after them on their line. */
export const EXPIRY_LABELS = [
  'date of expiry', 'expiry date', 'date d expiration', 'gultig bis', 'valid until', 'fecha de caducidad', 'data di scadenza', 'scadenza',
  'geldig tot', 'data waznosci', 'data de validade', 'card expires', 'expires',
  // "Valid Till" (India), "Expiry 14 MAR 2029" and "LICENCE EXPIRY …" (Australian licences).
  'valid till', 'expiry',
  // "Valable jusqu'au" (Moroccan cards, Swiss passports and permits).
  'valable jusqu au',
];

/**
 * Labels of the expiry date that stand over their value, read column by column ("4a DATA EMISSÃO  4b
 * VALIDADE", Brazil; "FECHA DE EMISIÓN  FECHA DE VENCIMIENTO", Chile; "VÁLIDO HASTA", Spain's TIE).
 * Over their value only: the next line's first date may be another column's.
 */
export const EXPIRY_OVER = [
  'date of expiry', 'expiry', 'expiry date', 'date of expiration', 'valid until', 'data de validade', 'scadenza', 'date d expiration',
  'gultig bis', 'fecha de caducidad', 'geldig tot', 'data waznosci', 'validade', 'valido hasta', 'fecha de vencimiento', 'valable jusqu au',
];

export const BIRTH_LABELS = [
  'date of birth', 'date de naissance', 'geburtsdatum', 'fecha de nacimiento', 'data di nascita', 'geboortedatum', 'data urodzenia', 'dob',
  // "D.O.B" (Nigeria, India), its O as OCR often reads it.
  'd o b', 'd 0 b',
];

/** Labels of the birth date that stand over their value ("3 DATA, LOCAL E UF DE NASCIMENTO" over "14/02/1987, CAMPINAS, SP"). */
export const BIRTH_OVER = [
  'date of birth', 'data di nascita', 'date de naissance', 'geburtsdatum', 'fecha de nacimiento', 'geboortedatum', 'data urodzenia', 'de nascimento',
];

export const ISSUE_OVER = ['date of issue', 'issuing', 'emissione', 'date de delivrance', 'ausstellungsdatum', 'fecha de expedicion', 'data emissao', 'fecha de emision'];

export const SURNAME_LABELS = ['surname', 'name nom', 'nom', 'apellidos', 'cognome', 'achternaam', 'nazwisko'];

/**
 * Given names' labels; "Forename(s)" as Irish and British cards print it, "Vorname(n)" and "Prénom(s)"
 * (Swiss passports and permits) and "Prénom" (Moroccan cards).
 */
export const GIVEN_LABELS = ['given names', 'given name', 'forenames', 'forename', 'first name', 'vornamen', 'vorname', 'prenoms', 'prenom', 'nombres', 'voornamen', 'imiona'];

/**
 * Words that name the given names only where the card labels the family name apart ("NOMBRE" under
 * "APELLIDOS", "Names" under "Surname"); alone they label the whole name (Mexico's "NOMBRE" over
 * family names and given names).
 */
export const GIVEN_IF_SURNAME = ['nombre', 'nome', 'names'];

/** Words of the labels a card prints beside its name, never in a name ("NOMBRE  FECHA DE NACIMIENTO"). */
export const NOT_IN_NAME = /\b(?:date|birth|fecha|nacimiento|naissance|nascita|geburtsdatum|sex|sexo|sexe|nationality|nacionalidad|nationalite|expiry|domicilio|address|signature|firma)\b/i;
