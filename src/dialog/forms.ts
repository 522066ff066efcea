// The dialog's form steps of an onboarding conversation: the declarations of the people (PEP,
// US person, tax residency, for the account owner and each director and beneficial owner; the
// account owner's own contact details; the company's tax residence, declared by the account owner) and the
// API client's questionnaire. What the page shows (every text rendered in the user's language,
// groups that become fieldsets), how a sent form is read and checked, and how an answer reads in
// the summary. Pure.
import countries from 'i18n-iso-countries';
import { applicableQuestions, checkAnswers, choiceId, choiceText, localText, type AnswerValue, type QuestionnaireDefinition } from '../clients/questionnaire.ts';
import { CONTACT_FIELDS, readDeclaredValue, type ContactField, type Declaration, type DeclarationCompany, type DeclarationField, type DeclarationPerson } from '../entities/declarations.ts';
import { t, type Lang } from './i18n.ts';
import { formAnswerOf } from '../completion/declared.ts';

export type FormSpec = { type: 'declarations'; people: DeclarationPerson[]; company?: DeclarationCompany | null } | { type: 'questionnaire'; definition: QuestionnaireDefinition };

export interface FormField {
  name: string;
  label: string;
  hint?: string;
  control: 'radio' | 'checkbox' | 'select' | 'text' | 'textarea';
  options?: { value: string; label: string }[];
  required: boolean;
  value: string | string[];
  /** Shown only while the named field has (or includes) this value. */
  show_if?: { name: string; equals: string };
  /** For a text field: the keyboard to offer and what the browser may fill in. */
  input?: { inputmode: 'email' | 'tel' | 'url'; autocomplete: 'email' | 'tel' | 'url' };
}

export interface FormGroup {
  /** The fieldset's legend. */
  legend: string;
  /** Shown only while the named field has (or includes) this value. */
  show_if?: { name: string; equals: string };
  fields: FormField[];
}

export interface FormView {
  title: string;
  groups: FormGroup[];
  send: string;
}

type Values = Record<string, AnswerValue>;

const yesNo = (lang: Lang) => [
  { value: 'yes', label: t(lang, 'form.yes') },
  { value: 'no', label: t(lang, 'form.no') },
  { value: 'unknown', label: t(lang, 'form.unknown') },
];

function countryOptions(lang: Lang): { value: string; label: string }[] {
  const names = countries.getNames(lang, { select: 'official' });
  const en = countries.getNames('en', { select: 'official' });
  return Object.keys(en)
    .map((code) => ({ value: code, label: names[code] ?? en[code]! }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
}

const fieldName = (entityId: string, field: DeclarationField) => `${entityId}:${field}`;
const boolText = (b: boolean | undefined) => (b === undefined ? 'unknown' : b ? 'yes' : 'no');

/** The message keys of the account owner's contact fields (label, short label, hint, retry sentence). */
const CONTACT_KEY: Record<ContactField, string> = { email: 'decl.email', phone: 'decl.phone', linkedin_profile: 'decl.linkedin' };
const CONTACT_INPUT: Record<ContactField, NonNullable<FormField['input']>> = {
  email: { inputmode: 'email', autocomplete: 'email' },
  phone: { inputmode: 'tel', autocomplete: 'tel' },
  linkedin_profile: { inputmode: 'url', autocomplete: 'url' },
};
const isOwner = (p: DeclarationPerson) => p.roles.includes('account_owner');

/** The account owner's own contact fields, all optional. */
function contactFields(lang: Lang, p: DeclarationPerson, d: Declaration): FormField[] {
  return CONTACT_FIELDS.map((field) => ({
    name: fieldName(p.entity_id, field),
    label: t(lang, `${CONTACT_KEY[field]}.label`),
    hint: t(lang, `${CONTACT_KEY[field]}.hint`),
    control: 'text',
    input: CONTACT_INPUT[field],
    required: false,
    value: d[field] ?? '',
  }));
}

function personLegend(lang: Lang, p: DeclarationPerson): string {
  return `${p.name} (${p.roles.map((r) => t(lang, `decl.role.${r}`)).join(', ')})`;
}

/** The company's fieldset: its country of tax residence and tax number, both optional. */
function companyGroup(lang: Lang, company: DeclarationCompany, d: Declaration, options: { value: string; label: string }[]): FormGroup {
  return {
    legend: t(lang, 'decl.company.legend', { company: company.name }),
    fields: [
      {
        name: fieldName(company.entity_id, 'tax_residency_country_code'),
        label: t(lang, 'decl.tax_country.label'),
        hint: t(lang, 'decl.company_tax_country.hint'),
        control: 'select',
        options: [{ value: '', label: t(lang, 'form.unknown') }, ...options],
        required: false,
        value: d.tax_residency_country_code ?? '',
      },
      {
        name: fieldName(company.entity_id, 'tax_residence_number'),
        label: t(lang, 'decl.tax_number.label'),
        hint: t(lang, 'decl.company_tax_number.hint'),
        control: 'text',
        required: false,
        value: d.tax_residence_number ?? '',
      },
    ],
  };
}

function declarationsView(lang: Lang, people: DeclarationPerson[], company: DeclarationCompany | null, answer: Record<string, Declaration>): FormGroup[] {
  const options = countryOptions(lang);
  const groups = people.map((p): FormGroup => {
    const d = answer[p.entity_id] ?? {};
    return {
      legend: personLegend(lang, p),
      fields: [
        {
          name: fieldName(p.entity_id, 'is_pep_self_assessment'),
          label: t(lang, 'decl.pep.label'),
          hint: t(lang, 'decl.pep.hint'),
          control: 'radio',
          options: yesNo(lang),
          required: true,
          value: answer[p.entity_id] ? boolText(d.is_pep_self_assessment) : '',
        },
        {
          name: fieldName(p.entity_id, 'is_us_person'),
          label: t(lang, 'decl.us.label'),
          hint: t(lang, 'decl.us.hint'),
          control: 'radio',
          options: yesNo(lang),
          required: true,
          value: answer[p.entity_id] ? boolText(d.is_us_person) : '',
        },
        {
          name: fieldName(p.entity_id, 'tax_residency_country_code'),
          label: t(lang, 'decl.tax_country.label'),
          hint: t(lang, 'decl.tax_country.hint'),
          control: 'select',
          options: [{ value: '', label: t(lang, 'form.unknown') }, ...options],
          required: false,
          value: d.tax_residency_country_code ?? '',
        },
        {
          name: fieldName(p.entity_id, 'tax_residence_number'),
          label: t(lang, 'decl.tax_number.label'),
          hint: t(lang, 'decl.tax_number.hint'),
          control: 'text',
          required: false,
          value: d.tax_residence_number ?? '',
        },
        ...(isOwner(p) ? contactFields(lang, p, d) : []),
      ],
    };
  });
  if (company) groups.push(companyGroup(lang, company, answer[company.entity_id] ?? {}, options));
  return groups;
}

function questionnaireView(lang: Lang, def: QuestionnaireDefinition, values: Values): FormGroup[] {
  return def.questions.map((q) => {
    const value = values[q.id] ?? (q.type === 'multi_choice' ? [] : '');
    const field: FormField =
      q.type === 'free_text'
        ? { name: q.id, label: t(lang, 'form.answer_label'), control: 'textarea', required: q.required === true, value }
        : {
            name: q.id,
            label: localText(q.text, lang),
            control: q.type === 'single_choice' ? 'radio' : 'checkbox',
            options: (q.choices ?? []).map((c) => ({ value: choiceId(c), label: choiceText(c, lang) })),
            required: q.required === true,
            value,
          };
    return { legend: localText(q.text, lang), ...(q.condition ? { show_if: { name: q.condition.question, equals: q.condition.equals } } : {}), fields: [field] };
  });
}

/** The stored answer of a form step, read back (empty when none). */
function storedOf(spec: FormSpec, answer: string | null): { declarations: Record<string, Declaration>; values: Values } {
  const a = formAnswerOf(answer);
  if (!a) return { declarations: {}, values: {} };
  return spec.type === 'declarations' ? { declarations: a.declarations ?? {}, values: {} } : { declarations: {}, values: a.values ?? {} };
}

export function formView(lang: Lang, spec: FormSpec, answer: string | null): FormView {
  const stored = storedOf(spec, answer);
  return spec.type === 'declarations'
    ? { title: t(lang, 'step.declarations.title'), groups: declarationsView(lang, spec.people, spec.company ?? null, stored.declarations), send: t(lang, 'answer.send') }
    : { title: localText(spec.definition.title, lang), groups: questionnaireView(lang, spec.definition, stored.values), send: t(lang, 'answer.send') };
}

/** Reads a sent form: the answer to store (JSON), or why it cannot be taken, in the user's language. */
export function readForm(lang: Lang, spec: FormSpec, values: Values): { ok: true; answer: string } | { ok: false; message: string } {
  const one = (v: AnswerValue | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
  if (spec.type === 'declarations') {
    const declarations: Record<string, Declaration> = {};
    for (const p of spec.people) {
      const d: Declaration = {};
      for (const field of ['is_pep_self_assessment', 'is_us_person', 'tax_residency_country_code', 'tax_residence_number'] as const) {
        const raw = one(values[fieldName(p.entity_id, field)]);
        const label = `${t(lang, field === 'is_pep_self_assessment' ? 'decl.pep.label' : field === 'is_us_person' ? 'decl.us.label' : field === 'tax_residency_country_code' ? 'decl.tax_country.label' : 'decl.tax_number.label')} (${p.name})`;
        if ((field === 'is_pep_self_assessment' || field === 'is_us_person') && raw.trim() === '') return { ok: false, message: t(lang, 'form.required', { question: label }) };
        const read = readDeclaredValue(field, raw);
        if (read === null) return { ok: false, message: t(lang, 'form.invalid', { question: label }) };
        if (read.value !== undefined) (d as Record<string, unknown>)[field] = read.value;
      }
      if (isOwner(p)) {
        for (const field of CONTACT_FIELDS) {
          const read = readDeclaredValue(field, one(values[fieldName(p.entity_id, field)]));
          if (read === null) return { ok: false, message: t(lang, `${CONTACT_KEY[field]}.invalid`) };
          if (read.value !== undefined) d[field] = read.value as string;
        }
      }
      declarations[p.entity_id] = d;
    }
    if (spec.company) {
      const d: Declaration = {};
      for (const field of ['tax_residency_country_code', 'tax_residence_number'] as const) {
        const read = readDeclaredValue(field, one(values[fieldName(spec.company.entity_id, field)]));
        const label = `${t(lang, field === 'tax_residency_country_code' ? 'decl.tax_country.label' : 'decl.tax_number.label')} (${spec.company.name})`;
        if (read === null) return { ok: false, message: t(lang, 'form.invalid', { question: label }) };
        if (read.value !== undefined) (d as Record<string, unknown>)[field] = read.value;
      }
      if (Object.keys(d).length) declarations[spec.company.entity_id] = d;
    }
    return { ok: true, answer: JSON.stringify({ declarations }) };
  }
  const def = spec.definition;
  const checked = checkAnswers(def, values);
  if (!checked.ok) {
    const question = localText(checked.problem.question.text, lang);
    return { ok: false, message: t(lang, checked.problem.reason === 'required' ? 'form.required' : 'form.invalid', { question }) };
  }
  return { ok: true, answer: JSON.stringify({ questionnaire_id: def.id, version: def.version, values: checked.values }) };
}

/** How a stored form answer reads in the transcript and the summary: one line per answered question or person. */
export function formSummary(lang: Lang, spec: FormSpec, answer: string | null): string[] {
  const stored = storedOf(spec, answer);
  if (spec.type === 'declarations') {
    const yn = (b: boolean | undefined) => t(lang, `form.${boolText(b)}`);
    const lines = spec.people
      .filter((p) => stored.declarations[p.entity_id])
      .map((p) => {
        const d = stored.declarations[p.entity_id]!;
        const parts = [`${t(lang, 'decl.pep.short')}: ${yn(d.is_pep_self_assessment)}`, `${t(lang, 'decl.us.short')}: ${yn(d.is_us_person)}`];
        if (d.tax_residency_country_code) parts.push(`${t(lang, 'decl.tax_country.label')}: ${countries.getName(d.tax_residency_country_code, lang) ?? d.tax_residency_country_code}`);
        if (d.tax_residence_number) parts.push(`${t(lang, 'decl.tax_number.short')}: ${d.tax_residence_number}`);
        for (const field of CONTACT_FIELDS) if (d[field]) parts.push(`${t(lang, `${CONTACT_KEY[field]}.short`)}: ${d[field]}`);
        return `${p.name}: ${parts.join('; ')}`;
      });
    const c = spec.company ? stored.declarations[spec.company.entity_id] : undefined;
    if (spec.company && c) {
      const parts: string[] = [];
      if (c.tax_residency_country_code) parts.push(`${t(lang, 'decl.tax_country.label')}: ${countries.getName(c.tax_residency_country_code, lang) ?? c.tax_residency_country_code}`);
      if (c.tax_residence_number) parts.push(`${t(lang, 'decl.tax_number.short')}: ${c.tax_residence_number}`);
      if (parts.length) lines.push(`${spec.company.name}: ${parts.join('; ')}`);
    }
    return lines;
  }
  const def = spec.definition;
  return applicableQuestions(def, stored.values)
    .filter((q) => stored.values[q.id] !== undefined)
    .map((q) => {
      const v = stored.values[q.id]!;
      const label = (id: string) => {
        const c = (q.choices ?? []).find((x) => choiceId(x) === id);
        return c ? choiceText(c, lang) : id;
      };
      const text = q.type === 'free_text' ? String(v) : (Array.isArray(v) ? v : [v]).map(label).join(', ');
      return `${localText(q.text, lang)} ${text}`;
    });
}
