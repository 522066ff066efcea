// What the dialog page shows, rebuilt from the stored state in the user's language: the transcript
// (messages with stable ids, so the page appends only what is new), the current step, the summary.
// Pure.
import type { Flow, FlowStep, Msg } from './flow.ts';
import { catalogues, t, type Lang, type Params } from './i18n.ts';
import type { UserFinding } from './findings.ts';
import { formSummary, formView, type FormView } from './forms.ts';
import { isRecordList, storedAs } from '../lib/stored-json.ts';

export type HistoryEntry = { type: 'rejected'; text: string; reason: string; params: Params; at: string } | { type: 'reopened'; at: string };

/** What the view reads of a stored step. */
export interface StepState {
  step_key: string;
  status: 'pending' | 'done' | 'skipped';
  /** The accepted answer or the reason given for skipping. */
  answer: string | null;
  /** Rejected attempts and re-openings, JSON (see HistoryEntry). */
  attempts: string;
  flagged: number;
}

/** What the view reads of an uploaded file. */
export interface FileEntry {
  document_id: string;
  step_key: string;
  file_name: string;
}

export interface FileState {
  row: FileEntry;
  /** null while the verification runs. */
  findings: UserFinding[] | null;
}

export interface ViewMessage {
  id: string;
  from: 'dossier' | 'user';
  title?: string;
  text: string;
  /** Paragraphs after the text. */
  lines?: string[];
  /** Items of a list (findings), shown between the text and the paragraphs. */
  list?: string[];
  facts?: { label: string; value: string }[];
  files?: string[];
  tone?: 'ok' | 'attention';
}

export interface ViewStep {
  key: string;
  module: string;
  kind: FlowStep['kind'];
  title: string;
  prompt: string;
  files: { document_id: string; file_name: string; checking: boolean; findings: (UserFinding & { explained: boolean })[] }[];
  /** The answer to start from when a step is changed again. */
  draft: string;
  rejection: string | null;
  can_skip: boolean;
  /** Form steps: the questions, grouped into fieldsets. */
  form?: FormView;
}

/** How the organisation that asks is shown: header, colour, footer (see src/clients/brand.ts). */
export interface ViewBrand {
  /** null: the page speaks of "the organisation that sent you this link". */
  name: string | null;
  logo_url: string | null;
  /** The stylesheet with the brand's colour and the header and footer rules. */
  style_url: string;
  support_email: string | null;
  support_phone: string | null;
  support_url: string | null;
  privacy_url: string | null;
}

export interface View {
  conversation_id: string;
  lang: Lang;
  title: string;
  /** The display name of the organisation that asks; null when it has none. */
  requester: string | null;
  brand: ViewBrand | null;
  status: 'open' | 'completed';
  progress: { current: number; total: number; label: string };
  messages: ViewMessage[];
  step: ViewStep | null;
  summary: { key: string; title: string; lines: string[] }[] | null;
}

export interface ViewInput {
  conversationId: string;
  lang: Lang;
  requester: string | null;
  brand?: ViewBrand | null;
  company: string;
  completed: boolean;
  flow: Flow;
  steps: StepState[];
  files: FileState[];
  /** Comments by issue id, oldest first. */
  comments: Map<string, { id: string; text: string }[]>;
}

export function render(lang: Lang, m: Msg): string {
  return 'literal' in m ? m.literal : t(lang, m.key, m.params);
}

/**
 * Why an answer to `step` was refused, as a sentence in `lang`. An off-topic answer gets the step's own
 * `step.<module>.retry` text when the catalogue has one (with the prompt's parameters), else the prompt quoted.
 */
export function rejectionText(lang: Lang, step: Pick<FlowStep, 'module' | 'prompt'>, reason: string, params: Params): string {
  if (reason !== 'off_topic') return t(lang, `answer.rejected.${reason}`, params);
  const retry = `step.${step.module}.retry`;
  if (retry in catalogues.en) return t(lang, retry, 'key' in step.prompt ? (step.prompt.params ?? {}) : {});
  return t(lang, 'answer.rejected.off_topic', { question: render(lang, step.prompt) });
}

const isHistory = (v: unknown): v is HistoryEntry[] => isRecordList(v) && v.every((h) => (h.type === 'rejected' || h.type === 'reopened') && typeof h.at === 'string');

export function history(step: Pick<StepState, 'attempts'>): HistoryEntry[] {
  return storedAs(step.attempts, 'dialog_steps.attempts', isHistory);
}

export function greetingText(lang: Lang, flow: Flow): { lines: string[]; facts: { label: string; value: string }[]; after: string[] } {
  return {
    lines: flow.greeting.lines.map((m) => render(lang, m)),
    facts: flow.greeting.facts.map((f) => ({ label: render(lang, f.label), value: render(lang, f.value) })),
    after: flow.greeting.after.map((m) => render(lang, m)),
  };
}

// The current step's question is shown once, in the composer under its heading; the log keeps the questions already answered.
function stepMessages(lang: Lang, s: FlowStep, row: StepState, files: FileState[], input: ViewInput, current: boolean): ViewMessage[] {
  const out: ViewMessage[] = current ? [] : [{ id: `${s.key}:q`, from: 'dossier', title: render(lang, s.title), text: render(lang, s.prompt) }];
  for (const f of files) {
    const file = f.row.file_name;
    out.push({ id: `${s.key}:f:${f.row.document_id}`, from: 'user', text: t(lang, 'upload.file_sent', { file }), files: [file] });
    if (f.findings === null) continue;
    if (f.findings.length === 0) {
      out.push({ id: `${s.key}:r:${f.row.document_id}`, from: 'dossier', text: t(lang, s.verifyAs ? 'findings.ok' : 'findings.received', { file }), tone: 'ok' });
    } else {
      out.push({
        id: `${s.key}:r:${f.row.document_id}`,
        from: 'dossier',
        text: t(lang, 'findings.intro', { file }),
        list: f.findings.map((x) => x.message),
        lines: [t(lang, 'findings.ways')],
        tone: 'attention',
      });
      for (const x of f.findings) for (const c of input.comments.get(x.issue_id) ?? []) out.push({ id: `${s.key}:c:${c.id}`, from: 'user', text: c.text });
    }
  }
  history(row).forEach((h, i) => {
    if (h.type === 'reopened') {
      out.push({ id: `${s.key}:o${i}`, from: 'user', text: t(lang, 'log.reopened', { title: render(lang, s.title) }) });
      return;
    }
    out.push({ id: `${s.key}:x${i}`, from: 'user', text: h.text });
    out.push({ id: `${s.key}:y${i}`, from: 'dossier', text: rejectionText(lang, s, h.reason, h.params), tone: 'attention' });
  });
  if (row.status === 'skipped') {
    out.push({ id: `${s.key}:skip`, from: 'user', text: t(lang, s.kind === 'url' ? 'log.website_none' : 'log.skipped', { reason: row.answer ?? '' }) });
  } else if (row.status === 'done' && row.answer !== null) {
    out.push({ id: `${s.key}:a`, from: 'user', text: s.form ? formSummary(lang, s.form, row.answer).join('\n') : row.answer });
    if (row.flagged) out.push({ id: `${s.key}:flag`, from: 'dossier', text: t(lang, 'answer.flagged') });
  }
  return out;
}

function lastRejection(lang: Lang, s: FlowStep, row: StepState): string | null {
  const h = history(row).at(-1);
  return h && h.type === 'rejected' ? rejectionText(lang, s, h.reason, h.params) : null;
}

export function buildView(input: ViewInput): View {
  const { lang, flow } = input;
  const rows = new Map(input.steps.map((r) => [r.step_key, r]));
  const currentIndex = flow.steps.findIndex((s) => rows.get(s.key)?.status === 'pending');
  const g = greetingText(lang, flow);
  const messages: ViewMessage[] = [{ id: 'greeting', from: 'dossier', text: g.lines.join(' '), facts: g.facts, lines: g.after }];
  const summary: NonNullable<View['summary']> = [];
  let step: ViewStep | null = null;
  flow.steps.forEach((s, i) => {
    const row = rows.get(s.key);
    if (!row || (currentIndex >= 0 && i > currentIndex)) return;
    const files = input.files.filter((f) => f.row.step_key === s.key);
    messages.push(...stepMessages(lang, s, row, files, input, i === currentIndex));
    const title = render(lang, s.title);
    if (i === currentIndex) {
      step = {
        key: s.key,
        module: s.module,
        kind: s.kind,
        title,
        prompt: render(lang, s.prompt),
        files: files.map((f) => ({
          document_id: f.row.document_id,
          file_name: f.row.file_name,
          checking: f.findings === null,
          findings: (f.findings ?? []).map((x) => ({ ...x, explained: input.comments.has(x.issue_id) })),
        })),
        draft: row.answer ?? '',
        rejection: lastRejection(lang, s, row),
        can_skip: s.kind !== 'text' && s.kind !== 'form' && files.length === 0,
        ...(s.form ? { form: formView(lang, s.form, row.answer) } : {}),
      };
    }
    const lines =
      row.status === 'skipped'
        ? [t(lang, 'summary.skipped', { reason: row.answer ?? '' })]
        : s.kind === 'upload'
          ? [files.length ? t(lang, 'summary.files', { names: files.map((f) => f.row.file_name).join(', ') }) : t(lang, 'summary.no_files')]
          : s.form
            ? formSummary(lang, s.form, row.answer)
            : [row.answer ?? ''];
    const explained = files.flatMap((f) => f.findings ?? []).filter((x) => input.comments.has(x.issue_id)).length;
    if (explained) lines.push(t(lang, 'summary.explanations', { count: String(explained) }));
    summary.push({ key: s.key, title, lines });
  });
  const allDone = currentIndex < 0 && input.steps.length > 0;
  if (allDone) messages.push({ id: 'summary', from: 'dossier', text: t(lang, 'summary.ready') });
  if (input.completed) messages.push({ id: 'done', from: 'dossier', text: input.requester ? t(lang, 'done.message', { requester: input.requester }) : t(lang, 'done.message_unnamed'), tone: 'ok' });
  const total = flow.steps.length;
  return {
    conversation_id: input.conversationId,
    lang,
    title: t(lang, 'page.title', { company: input.company }),
    requester: input.requester,
    brand: input.brand ?? null,
    status: input.completed ? 'completed' : 'open',
    progress: {
      current: currentIndex >= 0 ? currentIndex + 1 : total,
      total,
      label: input.completed
        ? t(lang, 'page.progress_done')
        : currentIndex >= 0
          ? t(lang, 'page.progress', { current: String(currentIndex + 1), total: String(total) })
          : t(lang, 'page.progress_review'),
    },
    messages,
    step: input.completed ? null : step,
    summary: allDone && !input.completed ? summary : null,
  };
}
