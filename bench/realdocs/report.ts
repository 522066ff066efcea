// The real-documents section of bench/README.md, between the realdocs:start / realdocs:end markers:
// first-sight figures (today's code on documents it was never tuned on) and the latest run side by
// side, per kind, for the whole set and for the documents added last.
import fs from 'node:fs';
import { KINDS, type Figures, type Kind, type PublicScore, type Summary } from './score.ts';

export interface RealdocsResult {
  date: string;
  machine: string;
  mode: string;
  engines?: string;
  summary: { all: Summary; first: Summary; new: Summary };
  documents: PublicScore[];
}

const START = '<!-- realdocs:start -->';
const END = '<!-- realdocs:end -->';

/** A results file of the new shape, or null (absent, or written by an older scorer). */
export function readResult(file: string): RealdocsResult | null {
  if (!fs.existsSync(file)) return null;
  const r: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!r || typeof r !== 'object' || !('summary' in r) || !('documents' in r)) return null;
  const result = r as RealdocsResult;
  return result.summary && 'all' in result.summary ? result : null;
}

const cell = (f: Figures | undefined, what: 'classification' | 'fields' | 'false') => {
  if (!f) return '–';
  if (what === 'classification') return `${f.classified}/${f.documents} (${f.classification} %)`;
  if (what === 'fields') return `${f.correct}/${f.fields} (${f.accuracy} %)`;
  return `${f.falseWarnings + f.falseCritical} (${f.falseCritical} crit.) · ${f.falseWarningsPer10}`;
};

function row(label: string, a: Figures | undefined, b: Figures | undefined): string {
  const docs = (b ?? a)?.documents ?? 0;
  return `| ${label} | ${docs} | ${cell(a, 'classification')} | ${cell(b, 'classification')} | ${cell(a, 'fields')} | ${cell(b, 'fields')} | ${cell(a, 'false')} | ${cell(b, 'false')} |`;
}

function table(first: Summary | undefined, now: Summary | undefined): string[] {
  const kinds = KINDS.filter(({ kind }) => first?.byKind[kind] || now?.byKind[kind]);
  return [
    '| kind | documents | classification, first sight | classification, now | strict fields, first sight | strict fields, now | false findings (critical) · per 10 documents, first sight | same, now |',
    '|---|---|---|---|---|---|---|---|',
    ...kinds.map(({ kind, label }) => row(label, first?.byKind[kind as Kind], now?.byKind[kind as Kind])),
    row('**all**', first, now),
  ];
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : 0;
}

export function renderRealdocsSection(firstSight: RealdocsResult | null, now: RealdocsResult | null): string {
  const latest = now ?? firstSight;
  if (!latest) return 'No run yet.';
  const runs = [
    firstSight ? `first sight: ${firstSight.date.slice(0, 10)}, ${firstSight.machine}${firstSight.engines ? `, OCR engines: ${firstSight.engines}` : ''}` : null,
    now ? `now: ${now.date.slice(0, 10)}, ${now.machine}${now.engines ? `, OCR engines: ${now.engines}` : ''}` : null,
  ].filter(Boolean);
  const secs = latest.documents.map((d) => d.seconds);
  const misses = latest.documents.flatMap((d) => d.fields.filter((f) => !f.ok).map((f) => `${d.name}.${f.field}`));
  const falses = latest.documents.flatMap((d) => d.falseFindings.map((f) => `${d.name}: ${f.code} (${f.severity})`));
  const wrong = latest.documents.filter((d) => !d.classified).map((d) => `${d.name} (${d.classifiedAs ?? 'none'})`);
  return [
    `Runs through the public API (${runs.join('; ')}).`,
    '',
    `**The ${latest.summary.new.documents} documents added on 2026-11-26** (never tuned on at first sight):`,
    '',
    ...table(firstSight?.summary.new, now?.summary.new),
    '',
    `**The first ${latest.summary.first.documents} documents** (the set the reading was tuned on before):`,
    '',
    ...table(firstSight?.summary.first, now?.summary.first),
    '',
    `**The whole set (${latest.summary.all.documents} documents):**`,
    '',
    ...table(firstSight?.summary.all, now?.summary.all),
    '',
    `Seconds per document through the API (latest run), p50 ${percentile(secs, 50).toFixed(1)}, p95 ${percentile(secs, 95).toFixed(1)}, max ${percentile(secs, 100).toFixed(1)}.`,
    '',
    `Classified wrongly (latest run): ${wrong.length ? wrong.join(', ') : 'none'}.`,
    '',
    `Fields missed (latest run): ${misses.length ? misses.join(', ') : 'none'}.`,
    '',
    `False findings (latest run): ${falses.length ? falses.join('; ') : 'none'}.`,
  ].join('\n');
}

export function writeRealdocsSection(readmePath: string, section: string): void {
  const text = fs.readFileSync(readmePath, 'utf8');
  const block = `${START}\n${section}\n${END}`;
  const i = text.indexOf(START);
  const j = text.indexOf(END);
  const next = i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + END.length) : `${text.trimEnd()}\n\n## Real documents (\`bench/realdocs/\`)\n\n${block}\n`;
  fs.writeFileSync(readmePath, next);
}
