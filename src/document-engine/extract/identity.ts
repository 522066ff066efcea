// Identity-document fields, from the machine-readable zone when there is one (with its check digits),
// else from the labelled visual zone.
import { dateAfter, parseReference, valueAfter, type DocText } from './doc-text.ts';
import type { IdentityFields } from './fields.ts';
import { fold } from './text.ts';
import type { MrzFacts } from './mrz.ts';

/** What an identity document without a machine-readable zone says it is, by its title words. */
function documentKind(text: string): IdentityFields['document_kind'] {
  if (
    /\b(driving licen[cs]e|driver s licen[cs]e|drivers licen[cs]e|driver licen[cs]e|fuhrerschein|permis de conduire|permiso de conduccion|permiso de conducir|patente di guida|rijbewijs|prawo jazdy)\b/.test(
      text,
    )
  )
    return 'driving_licence';
  if (/\b(passport|passeport|pasaporte|passaporto|paspoort|paszport|reisepass)\b/.test(text)) return 'passport';
  if (
    /\b(identity card|carte nationale d identite|carte d identite|personalausweis|documento nacional de identidad|documento de identidad|carta d identita|identiteitskaart|dowod osobisty)\b/.test(text)
  )
    return 'id_card';
  return 'other';
}

const word = (t: string) => (/^[\p{L}' -]{2,60}$/u.test(t.trim()) ? t.trim() : null);

export function extractIdentity(d: DocText, mrz: MrzFacts | null): IdentityFields {
  const issue = dateAfter(d, [['date of issue', 'issue date', 'date de delivrance', 'ausstellungsdatum', 'fecha de expedicion', '4a']]);
  const visual = {
    surname: valueAfter(d, [['surname', 'name nom', 'nom', 'name', 'apellidos', 'cognome', 'achternaam', 'nazwisko']], word, { maxStart: 1 }),
    given: valueAfter(d, [['given names', 'given name', 'forenames', 'first name', 'vornamen', 'prenoms', 'nombres', 'nome', 'voornamen', 'imiona']], word, { maxStart: 1 }),
    number: valueAfter(
      d,
      [
        [
          'passport no',
          'passport number',
          'document no',
          'document number',
          'card no',
          'pass nr',
          'licence number',
          'license number',
          'licence no',
          'license no',
          'dl no',
          'numero de permis',
          'fuhrerscheinnummer',
        ],
      ],
      parseReference,
    ),
    nationality: valueAfter(d, [['nationality', 'nationalite', 'staatsangehorigkeit', 'nacionalidad']], (t) => /^([A-Z]{3}|[\p{L} ]{3,30})/u.exec(t.trim())?.[1] ?? null, { maxStart: 1 }),
    birth: dateAfter(d, [['date of birth', 'date de naissance', 'geburtsdatum', 'fecha de nacimiento', 'data di nascita', 'geboortedatum', 'data urodzenia', 'dob']]),
    expiry: dateAfter(d, [['date of expiry', 'expiry date', 'date d expiration', 'gultig bis', 'valid until', 'fecha de caducidad', 'data di scadenza', 'expires', '4b']]),
  };
  if (mrz) {
    return {
      document_kind: mrz.document_kind,
      surname: mrz.surname || visual.surname,
      given_names: mrz.given_names || visual.given,
      document_number: mrz.document_number || visual.number,
      nationality: mrz.nationality || visual.nationality,
      issuing_state: mrz.issuing_state || null,
      birth_date: mrz.birth_date ?? visual.birth,
      sex: mrz.sex,
      issue_date: issue,
      expiry_date: mrz.expiry_date ?? visual.expiry,
      mrz: { format: mrz.format, valid: mrz.valid, failed_checks: mrz.checks.filter((c) => !c.ok).map((c) => c.field), exact: mrz.exact },
    };
  }
  const kind = documentKind(fold(d.text).replace(/[^\p{L}\p{N}]+/gu, ' '));
  return {
    document_kind: kind,
    surname: visual.surname,
    given_names: visual.given,
    document_number: visual.number,
    nationality: visual.nationality,
    issuing_state: null,
    birth_date: visual.birth,
    sex: null,
    issue_date: issue,
    expiry_date: visual.expiry,
    mrz: null,
  };
}
