// Identity-document fields, from the machine-readable zone when there is one (with its check digits),
// else from the labelled visual zone.
import { dateAfter, parseReference, valueAfter, type DocText } from './doc-text.ts';
import type { IdentityFields } from './fields.ts';
import type { MrzFacts } from './mrz.ts';

const word = (t: string) => (/^[\p{L}' -]{2,60}$/u.test(t.trim()) ? t.trim() : null);

export function extractIdentity(d: DocText, mrz: MrzFacts | null): IdentityFields {
  const issue = dateAfter(d, [['date of issue', 'issue date', 'date de delivrance', 'ausstellungsdatum']]);
  const visual = {
    surname: valueAfter(d, [['surname', 'name nom', 'nom', 'name', 'apellidos']], word, { maxStart: 1 }),
    given: valueAfter(d, [['given names', 'given name', 'forenames', 'vornamen', 'prenoms', 'nombres']], word, { maxStart: 1 }),
    number: valueAfter(d, [['passport no', 'passport number', 'document no', 'document number', 'card no', 'pass nr']], parseReference),
    nationality: valueAfter(d, [['nationality', 'nationalite', 'staatsangehorigkeit']], (t) => /^([A-Z]{3}|[\p{L} ]{3,30})/u.exec(t.trim())?.[1] ?? null, { maxStart: 1 }),
    birth: dateAfter(d, [['date of birth', 'date de naissance', 'geburtsdatum', 'fecha de nacimiento']]),
    expiry: dateAfter(d, [['date of expiry', 'expiry date', 'date d expiration', 'gultig bis', 'valid until']]),
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
      mrz: { format: mrz.format, valid: mrz.valid, failed_checks: mrz.checks.filter((c) => !c.ok).map((c) => c.field) },
    };
  }
  const kind = /passport|passeport|reisepass/.test(d.text.toLowerCase()) ? 'passport' : /identity card|carte|ausweis/.test(d.text.toLowerCase()) ? 'id_card' : 'other';
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
