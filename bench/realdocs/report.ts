// The real-documents section of bench/README.md, between the realdocs:start / realdocs:end markers.
import fs from 'node:fs';
import type { DocumentScore, Summary } from './score.ts';

export interface RealdocsResult {
  date: string;
  machine: string;
  mode: string;
  summary: Summary;
  documents: DocumentScore[];
}

const START = '<!-- realdocs:start -->';
const END = '<!-- realdocs:end -->';

export function renderRealdocsSection(r: RealdocsResult): string {
  const s = r.summary;
  const rows = Object.entries(s.byKind).map(([k, v]) => `| ${k} | ${v.documents} | ${v.classified}/${v.documents} | ${v.correct}/${v.fields} (${v.accuracy} %) |`);
  const secs = r.documents.map((d) => d.seconds).sort((a, b) => a - b);
  const p50 = secs.length ? secs[Math.floor(secs.length / 2)] : 0;
  const misses = r.documents.flatMap((d) => d.fields.filter((f) => !f.ok).map((f) => `${d.name}.${f.field}`));
  const falses = r.documents.flatMap((d) => d.falseFindings.map((f) => `${d.name}: ${f.code} (${f.severity})`));
  return [
    `Run ${r.date.slice(0, 10)} through the public API (${r.machine}).`,
    '',
    `| | value |`,
    `|---|---|`,
    `| documents | ${s.documents} |`,
    `| classification | ${s.classification} % |`,
    `| strict field accuracy | ${s.fields.correct}/${s.fields.total} (${s.fields.accuracy} %) |`,
    `| false critical findings | ${s.falseCritical} |`,
    `| false warnings | ${s.falseWarnings} (${s.falseWarningsPer10} per 10 documents, critical included) |`,
    `| seconds per document through the API, p50 | ${p50.toFixed(1)} |`,
    '',
    '| kind | documents | classified | fields |',
    '|---|---|---|---|',
    ...rows,
    '',
    `Fields missed: ${misses.length ? misses.join(', ') : 'none'}.`,
    '',
    `False findings: ${falses.length ? falses.join('; ') : 'none'}.`,
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
