// The questionnaire an API client asks its onboarding clients: its definition (validated on upload,
// with a path and a plain message for every problem), the default one used when a client has set
// none, which questions apply given the answers so far, and the checked answers. Pure.

/** A text in English, or per language with English required: {"en": "…", "de": "…"}. */
export type LocalText = string | Record<string, string>;
export type Choice = string | { id: string; text: LocalText };
export type QuestionType = 'single_choice' | 'multi_choice' | 'free_text';

export interface Question {
  id: string;
  text: LocalText;
  type: QuestionType;
  choices?: Choice[];
  required?: boolean;
  condition?: { question: string; equals: string };
}

export interface QuestionnaireDefinition {
  id: string;
  version: number;
  title: LocalText;
  questions: Question[];
}

export interface DefinitionProblem {
  path: string;
  message: string;
}

/** An answer as given: one choice or text, or several choices. */
export type AnswerValue = string | string[];

export interface QuestionnaireAnswer {
  question_id: string;
  question: string;
  answer?: string;
  answers?: string[];
}

/** The case result's `questionnaire`. */
export interface QuestionnaireResult {
  questionnaire_id: string;
  version: number;
  answers: QuestionnaireAnswer[];
}

export const MAX_QUESTIONS = 50;
export const MAX_CHOICES = 30;
export const MAX_FREE_TEXT = 2000;
const ID = /^[a-z0-9][a-z0-9_.-]{0,63}$/i;
const LANG = /^[a-z]{2}$/;

export const DEFAULT_QUESTIONNAIRE: QuestionnaireDefinition = {
  id: 'dossier-default',
  version: 1,
  title: { en: 'About your business', de: 'Über Ihr Unternehmen', fr: 'À propos de votre entreprise', es: 'Sobre su empresa', it: 'Sulla vostra attività' },
  questions: [
    {
      id: 'monthly_volume',
      text: {
        en: 'How much money do you expect to move through the account each month?',
        de: 'Wie viel Geld wird voraussichtlich jeden Monat über das Konto fließen?',
        fr: 'Quel montant prévoyez-vous de faire transiter par le compte chaque mois ?',
        es: '¿Cuánto dinero prevé mover por la cuenta cada mes?',
        it: 'Quanto denaro prevedete di movimentare sul conto ogni mese?',
      },
      type: 'single_choice',
      choices: [
        { id: 'under_10k', text: { en: 'Less than 10,000 EUR', de: 'Weniger als 10.000 EUR', fr: 'Moins de 10 000 EUR', es: 'Menos de 10.000 EUR', it: 'Meno di 10.000 EUR' } },
        { id: '10k_100k', text: { en: '10,000 to 100,000 EUR', de: '10.000 bis 100.000 EUR', fr: '10 000 à 100 000 EUR', es: 'De 10.000 a 100.000 EUR', it: 'Da 10.000 a 100.000 EUR' } },
        { id: '100k_1m', text: { en: '100,000 to 1 million EUR', de: '100.000 bis 1 Million EUR', fr: '100 000 à 1 million EUR', es: 'De 100.000 a 1 millón EUR', it: 'Da 100.000 a 1 milione EUR' } },
        { id: 'over_1m', text: { en: 'More than 1 million EUR', de: 'Mehr als 1 Million EUR', fr: 'Plus de 1 million EUR', es: 'Más de 1 millón EUR', it: 'Più di 1 milione EUR' } },
      ],
      required: true,
    },
    {
      id: 'source_of_funds',
      text: {
        en: 'Where does the money in the account come from?',
        de: 'Woher stammt das Geld auf dem Konto?',
        fr: "D'où provient l'argent du compte ?",
        es: '¿De dónde procede el dinero de la cuenta?',
        it: 'Da dove proviene il denaro del conto?',
      },
      type: 'multi_choice',
      choices: [
        { id: 'sales', text: { en: 'Sales to customers', de: 'Verkäufe an Kunden', fr: 'Ventes aux clients', es: 'Ventas a clientes', it: 'Vendite ai clienti' } },
        { id: 'investment', text: { en: 'Investment or loans', de: 'Investitionen oder Darlehen', fr: 'Investissements ou prêts', es: 'Inversiones o préstamos', it: 'Investimenti o prestiti' } },
        {
          id: 'owners',
          text: { en: "The owners' own money", de: 'Eigenes Geld der Eigentümer', fr: 'Fonds propres des propriétaires', es: 'Dinero propio de los propietarios', it: 'Denaro proprio dei titolari' },
        },
        { id: 'other', text: { en: 'Something else', de: 'Etwas anderes', fr: 'Autre chose', es: 'Otra cosa', it: "Qualcos'altro" } },
      ],
      required: true,
    },
    {
      id: 'source_of_funds_other',
      text: {
        en: 'Please describe where else the money comes from.',
        de: 'Bitte beschreiben Sie, woher das Geld sonst stammt.',
        fr: "Veuillez décrire l'autre provenance de l'argent.",
        es: 'Describa de dónde más procede el dinero.',
        it: 'Descrivete da dove altro proviene il denaro.',
      },
      type: 'free_text',
      required: true,
      condition: { question: 'source_of_funds', equals: 'other' },
    },
    {
      id: 'countries_of_operation',
      text: {
        en: 'In which countries does the business operate?',
        de: 'In welchen Ländern ist das Unternehmen tätig?',
        fr: "Dans quels pays l'entreprise exerce-t-elle ses activités ?",
        es: '¿En qué países opera la empresa?',
        it: "In quali paesi opera l'azienda?",
      },
      type: 'free_text',
      required: true,
    },
  ],
};

export function localText(text: LocalText, lang: string): string {
  return typeof text === 'string' ? text : (text[lang] ?? text.en ?? '');
}

export const choiceId = (c: Choice): string => (typeof c === 'string' ? c : c.id);
export const choiceText = (c: Choice, lang: string): string => (typeof c === 'string' ? c : localText(c.text, lang));

// ---------------------------------------------------------------------------------------------
// Validation of an uploaded definition.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isLocalText = (v: unknown): v is LocalText => typeof v === 'string' || (isObject(v) && Object.values(v).every((t) => typeof t === 'string'));
const isChoice = (v: unknown): v is Choice => typeof v === 'string' || (isObject(v) && typeof v.id === 'string' && isLocalText(v.text));
const isQuestion = (v: unknown): v is Question =>
  isObject(v) &&
  typeof v.id === 'string' &&
  isLocalText(v.text) &&
  (v.type === 'single_choice' || v.type === 'multi_choice' || v.type === 'free_text') &&
  (v.choices === undefined || (Array.isArray(v.choices) && v.choices.every(isChoice))) &&
  (v.required === undefined || typeof v.required === 'boolean') &&
  (v.condition === undefined || (isObject(v.condition) && typeof v.condition.question === 'string' && typeof v.condition.equals === 'string'));

/** Whether a value has the shape of a definition (what validateDefinition checks in full, with messages). */
export function isQuestionnaireDefinition(v: unknown): v is QuestionnaireDefinition {
  return isObject(v) && typeof v.id === 'string' && typeof v.version === 'number' && isLocalText(v.title) && Array.isArray(v.questions) && v.questions.every(isQuestion);
}

function checkText(v: unknown, path: string, problems: DefinitionProblem[], max: number): void {
  if (typeof v === 'string') {
    if (v.trim() === '') problems.push({ path, message: 'must not be empty' });
    else if (v.length > max) problems.push({ path, message: `must be at most ${max} characters` });
    return;
  }
  if (!isObject(v)) {
    problems.push({ path, message: 'must be a text, or an object of texts by two-letter language code with "en" required' });
    return;
  }
  if (typeof v.en !== 'string') problems.push({ path: `${path}/en`, message: 'the English text is required' });
  for (const [lang, text] of Object.entries(v)) {
    if (!LANG.test(lang)) problems.push({ path: `${path}/${lang}`, message: 'language codes are two lowercase letters (en, de, fr …)' });
    else if (typeof text !== 'string' || text.trim() === '') problems.push({ path: `${path}/${lang}`, message: 'must be a text that is not empty' });
    else if (text.length > max) problems.push({ path: `${path}/${lang}`, message: `must be at most ${max} characters` });
  }
}

function unknownKeys(v: Record<string, unknown>, allowed: string[], path: string, problems: DefinitionProblem[]): void {
  for (const k of Object.keys(v)) if (!allowed.includes(k)) problems.push({ path: `${path}/${k}`, message: `unknown field "${k}" (allowed: ${allowed.join(', ')})` });
}

/**
 * Checks an uploaded definition. `nextVersion` is the version it will be stored as: a `version`
 * in the file, when given, must be that number.
 */
export function validateDefinition(raw: unknown, nextVersion: number): { ok: true; definition: QuestionnaireDefinition } | { ok: false; problems: DefinitionProblem[] } {
  const problems: DefinitionProblem[] = [];
  if (!isObject(raw)) return { ok: false, problems: [{ path: '', message: 'the questionnaire must be a JSON object {id, version, title, questions}' }] };
  unknownKeys(raw, ['id', 'version', 'title', 'questions'], '', problems);
  if (typeof raw.id !== 'string' || !ID.test(raw.id)) problems.push({ path: '/id', message: 'is required: 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit' });
  if (raw.version !== undefined && raw.version !== nextVersion) {
    problems.push({ path: '/version', message: `must be ${nextVersion} (the next version) or left out; every change is stored as a new version` });
  }
  checkText(raw.title, '/title', problems, 200);
  const questions = raw.questions;
  if (!Array.isArray(questions) || questions.length === 0) problems.push({ path: '/questions', message: 'must be a list of at least one question' });
  else if (questions.length > MAX_QUESTIONS) problems.push({ path: '/questions', message: `at most ${MAX_QUESTIONS} questions` });
  else {
    const seen = new Map<string, Record<string, unknown>>();
    questions.forEach((q, i) => {
      const p = `/questions/${i}`;
      if (!isObject(q)) {
        problems.push({ path: p, message: 'must be an object {id, text, type, choices, required, condition}' });
        return;
      }
      unknownKeys(q, ['id', 'text', 'type', 'choices', 'required', 'condition'], p, problems);
      if (typeof q.id !== 'string' || !ID.test(q.id)) problems.push({ path: `${p}/id`, message: 'is required: 1 to 64 letters, digits, ".", "_" or "-"' });
      else if (seen.has(q.id)) problems.push({ path: `${p}/id`, message: `"${q.id}" is used by an earlier question; ids must be unique` });
      checkText(q.text, `${p}/text`, problems, 500);
      const choiceType = q.type === 'single_choice' || q.type === 'multi_choice';
      if (!choiceType && q.type !== 'free_text') problems.push({ path: `${p}/type`, message: 'must be single_choice, multi_choice or free_text' });
      if (choiceType) {
        if (!Array.isArray(q.choices) || q.choices.length < 2) problems.push({ path: `${p}/choices`, message: 'a choice question needs a list of at least two choices' });
        else if (q.choices.length > MAX_CHOICES) problems.push({ path: `${p}/choices`, message: `at most ${MAX_CHOICES} choices` });
        else {
          const ids = new Set<string>();
          q.choices.forEach((c, j) => {
            const cp = `${p}/choices/${j}`;
            let id: unknown = c;
            if (isObject(c)) {
              unknownKeys(c, ['id', 'text'], cp, problems);
              id = c.id;
              checkText(c.text, `${cp}/text`, problems, 200);
            }
            if (typeof id !== 'string' || id.trim() === '' || id.length > 200) problems.push({ path: cp, message: 'a choice is a text of 1 to 200 characters, or {id, text}' });
            else if (ids.has(id)) problems.push({ path: cp, message: `"${id}" is listed twice` });
            else ids.add(id);
          });
        }
      } else if (q.choices !== undefined) problems.push({ path: `${p}/choices`, message: 'only choice questions have choices' });
      if (q.required !== undefined && typeof q.required !== 'boolean') problems.push({ path: `${p}/required`, message: 'must be true or false' });
      if (q.condition !== undefined) {
        const c = q.condition;
        const target = isObject(c) && typeof c.question === 'string' ? seen.get(c.question) : undefined;
        if (!isObject(c) || typeof c.question !== 'string' || typeof c.equals !== 'string') problems.push({ path: `${p}/condition`, message: 'must be {question, equals}' });
        else if (!target) problems.push({ path: `${p}/condition/question`, message: `"${c.question}" is not an earlier question; a condition refers to a question asked before` });
        else if (target.type !== 'single_choice' && target.type !== 'multi_choice') problems.push({ path: `${p}/condition/question`, message: `"${c.question}" is not a choice question` });
        else if (!(target.choices as Choice[]).some((x) => choiceId(x) === c.equals)) problems.push({ path: `${p}/condition/equals`, message: `"${c.equals}" is not a choice of "${c.question}"` });
        else unknownKeys(c, ['question', 'equals'], `${p}/condition`, problems);
      }
      if (typeof q.id === 'string' && !seen.has(q.id)) seen.set(q.id, q);
    });
  }
  const definition = { id: raw.id, version: nextVersion, title: raw.title, questions: raw.questions };
  if (problems.length) return { ok: false, problems };
  if (!isQuestionnaireDefinition(definition)) return { ok: false, problems: [{ path: '', message: 'is not a questionnaire {id, version, title, questions}' }] };
  return { ok: true, definition };
}

// ---------------------------------------------------------------------------------------------
// Answers.

function holds(condition: Question['condition'], values: Record<string, AnswerValue>): boolean {
  if (!condition) return true;
  const v = values[condition.question];
  return Array.isArray(v) ? v.includes(condition.equals) : v === condition.equals;
}

/** The questions that apply: those without a condition, or whose condition holds (conditions refer to earlier questions). */
export function applicableQuestions(def: QuestionnaireDefinition, values: Record<string, AnswerValue>): Question[] {
  const asked = new Set<string>();
  const out: Question[] = [];
  for (const q of def.questions) {
    if (q.condition && (!asked.has(q.condition.question) || !holds(q.condition, values))) continue;
    asked.add(q.id);
    out.push(q);
  }
  return out;
}

export type AnswerProblem = { question: Question; reason: 'required' | 'not_a_choice' | 'one_choice' | 'too_long' };

/**
 * Checks the answers against the definition: every applicable required question answered, choices
 * among the question's own, texts not too long. Answers to questions that do not apply are dropped.
 */
export function checkAnswers(def: QuestionnaireDefinition, values: Record<string, AnswerValue>): { ok: true; values: Record<string, AnswerValue> } | { ok: false; problem: AnswerProblem } {
  const clean: Record<string, AnswerValue> = {};
  for (const q of applicableQuestions(def, values)) {
    const raw = values[q.id];
    const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((x) => String(x).trim()).filter((x) => x !== '');
    if (list.length === 0) {
      if (q.required) return { ok: false, problem: { question: q, reason: 'required' } };
      continue;
    }
    if (q.type === 'free_text') {
      const text = list.join('\n');
      if (text.length > MAX_FREE_TEXT) return { ok: false, problem: { question: q, reason: 'too_long' } };
      clean[q.id] = text;
      continue;
    }
    const ids = (q.choices ?? []).map(choiceId);
    if (list.some((x) => !ids.includes(x))) return { ok: false, problem: { question: q, reason: 'not_a_choice' } };
    if (q.type === 'single_choice') {
      if (list.length > 1) return { ok: false, problem: { question: q, reason: 'one_choice' } };
      clean[q.id] = list[0]!;
    } else clean[q.id] = ids.filter((id) => list.includes(id));
  }
  return { ok: true, values: clean };
}

/** The case result's `questionnaire` from checked answers (question texts in English). */
export function questionnaireResult(def: QuestionnaireDefinition, values: Record<string, AnswerValue>): QuestionnaireResult {
  const answers: QuestionnaireAnswer[] = [];
  for (const q of applicableQuestions(def, values)) {
    const v = values[q.id];
    if (v === undefined) continue;
    const entry: QuestionnaireAnswer = { question_id: q.id, question: localText(q.text, 'en') };
    if (q.type === 'multi_choice') entry.answers = Array.isArray(v) ? v : [v];
    else entry.answer = Array.isArray(v) ? v.join('\n') : v;
    answers.push(entry);
  }
  return { questionnaire_id: def.id, version: def.version, answers };
}

/** Prefix of the issue ids under which questionnaire answers are given through the comments endpoint. */
export const QUESTIONNAIRE_PREFIX = 'questionnaire:';

/**
 * Reads an answer given as text: a choice id, a JSON array of choice ids for a multiple choice,
 * or the text of a free-text question. Null when it is not an answer to that question.
 */
export function readAnswerText(q: Question, text: string): AnswerValue | null {
  const v = text.trim();
  if (q.type === 'free_text') return v !== '' && v.length <= MAX_FREE_TEXT ? v : null;
  const ids = (q.choices ?? []).map(choiceId);
  if (q.type === 'multi_choice' && v.startsWith('[')) {
    let list: unknown;
    try {
      list = JSON.parse(v);
    } catch {
      return null;
    }
    if (!Array.isArray(list) || list.length === 0 || !list.every((x) => typeof x === 'string' && ids.includes(x))) return null;
    return ids.filter((id) => (list as string[]).includes(id));
  }
  if (!ids.includes(v)) return null;
  return q.type === 'multi_choice' ? [v] : v;
}
