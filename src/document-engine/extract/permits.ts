// biome-ignore-all format: tables and word lists read better packed than one item a line
// Licence and insurance-policy fields: number, holder, issuer, activity or cover, amounts and the
// dates that bound their validity.
import { dominantCurrency } from './amounts.ts';
import { parsePeriod } from './dates.ts';
import { amountAfter, dateAfter, datesAfter, parsePhrase, parseReference, valueAfter, type DocText } from './doc-text.ts';
import type { InsuranceFields, LicenceFields } from './fields.ts';
import { letterhead } from './finance.ts';
import { partyAfterLabel } from './parties.ts';

export function extractLicence(d: DocText): LicenceFields {
  const validity = datesAfter(d, ['validity', 'period of validity', 'valid', 'gultigkeit', 'validite']);
  return {
    licence_number: valueAfter(d, [['licence number', 'license number', 'licence no', 'license no', 'permit number', 'permit no', 'authorisation number', 'authorization number', 'registration number', 'reference number', 'genehmigungsnummer', 'numero de licence']], parseReference),
    holder: partyAfterLabel(d.lines, ['licence holder', 'license holder', 'licensee', 'holder', 'issued to', 'granted to', 'name of licensee', 'permit holder', 'inhaber', 'titulaire'])?.name ?? null,
    issuer: valueAfter(d, [['issuing authority', 'issued by', 'licensing authority', 'authority', 'behorde', 'autorite']], parsePhrase, { maxStart: 1 }) ?? letterhead(d),
    activity: valueAfter(d, [['licensed activity', 'permitted activity', 'activity', 'activities', 'scope', 'type of licence', 'type of license', 'category', 'tatigkeit', 'activite']], parsePhrase, { maxStart: 1 }),
    issue_date: dateAfter(d, [['date of issue', 'issue date', 'issued on', 'date of grant', 'granted on', 'ausstellungsdatum', 'date de delivrance']]),
    valid_from: dateAfter(d, [['valid from', 'effective from', 'effective date', 'gultig ab', 'valable a partir du']]) ?? validity[0] ?? null,
    expiry_date: dateAfter(d, [['valid until', 'valid to', 'expiry date', 'date of expiry', 'expires on', 'expiration date', 'gultig bis', 'valable jusqu au']]) ?? validity[1] ?? null,
  };
}

export function extractInsurance(d: DocText): InsuranceFields {
  const period = valueAfter(d, [['period of insurance', 'policy period', 'period of cover', 'insurance period', 'versicherungszeitraum', 'versicherungsdauer', 'periode de garantie', 'period']], (t) => parsePeriod(t, d.order));
  const sum = amountAfter(d, [['sum insured', 'limit of indemnity', 'limit of liability', 'insured amount', 'insured value', 'coverage amount', 'amount insured', 'versicherungssumme', 'deckungssumme', 'montant assure', 'capital assure']], { byLabel: true });
  const premium = amountAfter(d, [['total premium', 'annual premium', 'premium', 'pramie', 'beitrag', 'prime']], { byLabel: true });
  return {
    policy_number: valueAfter(d, [['policy number', 'policy no', 'certificate number', 'certificate no', 'versicherungsscheinnummer', 'versicherungsschein nr', 'vsnr', 'police n', 'numero de police', 'numero de poliza']], parseReference),
    insurer: valueAfter(d, [['insurer', 'insurance company', 'underwriter', 'underwritten by', 'versicherer', 'assureur', 'aseguradora']], parsePhrase, { maxStart: 1 }) ?? letterhead(d),
    policyholder: partyAfterLabel(d.lines, ['policyholder', 'policy holder', 'name of insured', 'the insured', 'insured', 'versicherungsnehmer', 'souscripteur', 'assure', 'tomador', 'contraente'])?.name ?? null,
    insured_amount: sum?.value ?? null,
    premium: premium?.value ?? null,
    currency: sum?.currency ?? premium?.currency ?? dominantCurrency(d.text),
    issue_date: dateAfter(d, [['date of issue', 'issue date', 'issued on', 'ausstellungsdatum', 'date d emission']]),
    valid_from: dateAfter(d, [['inception date', 'effective date', 'valid from', 'start date', 'cover starts', 'versicherungsbeginn', 'date d effet']]) ?? period?.from ?? null,
    expiry_date: dateAfter(d, [['expiry date', 'expiration date', 'valid until', 'end date', 'renewal date', 'versicherungsablauf', 'date d echeance']]) ?? period?.to ?? null,
  };
}
