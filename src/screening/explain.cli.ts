// `dossier screening explain [--schema Person|Company] <name1> <name2>`, or JSON lines
// `{"schema": "Person"|"Company", "name1": "…", "name2": "…"}` on standard input: the score of the
// two names and its reasons, part by part, one JSON line each, from exactly the matcher screening
// uses (names only: no birth date, country or identifier), with the threshold in force. For
// operators tuning SCREENING_MATCH_THRESHOLD. Bad input gets a sentence saying what to fix and exit
// code 2; the good lines of a stream are still answered.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { blankEntry } from './formats/common.ts';
import { MATCHER_VERSION, matchEntry } from './match.ts';

export const SCREENING_USAGE = `screening explain [--schema Person|Company] <name1> <name2>
                             the score of two names and its reasons per name part, as screening computes it (one JSON line);
                             without names, reads JSON lines {"schema":"Person"|"Company","name1":…,"name2":…} from standard input`;

const MAX_NAME = 500;

export interface Explained {
  schema: 'Person' | 'Company';
  name1: string;
  name2: string;
  score: number;
  hit: boolean;
  threshold: number;
  matcher_version: string;
  reasons: string[];
}

/** One pair explained, or the sentence saying what is wrong with it. Pure. */
export function explainPair(input: unknown, threshold: number): Explained | { error: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { error: 'expected a JSON object {"schema": "Person"|"Company", "name1": "…", "name2": "…"}' };
  const o = input as Record<string, unknown>;
  const schema = o.schema ?? 'Person';
  if (schema !== 'Person' && schema !== 'Company') return { error: `"schema" must be "Person" or "Company", not ${JSON.stringify(schema)}` };
  for (const key of ['name1', 'name2'] as const) {
    const v = o[key];
    if (typeof v !== 'string' || !v.trim()) return { error: `"${key}" must be a non-empty string` };
    if (v.length > MAX_NAME) return { error: `"${key}" is longer than ${MAX_NAME} characters` };
  }
  const name1 = o.name1 as string;
  const name2 = o.name2 as string;
  const kind = schema === 'Person' ? 'person' : 'company';
  const m = matchEntry({ kind, names: [name1], countries: [], identifiers: [] }, blankEntry('explain', kind, 'sanctions', name2))!;
  return { schema, name1, name2, score: m.score, hit: m.score >= threshold, threshold, matcher_version: MATCHER_VERSION, reasons: m.reasons };
}

export interface ExplainIo {
  stdin: Readable & { isTTY?: boolean };
  out: (line: string) => void;
  err: (line: string) => void;
}

export async function screeningCommand(argv: string[], threshold: number, io: ExplainIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  const usage = `Usage: dossier ${SCREENING_USAGE}`;
  try {
    parsed = parse(argv);
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : String(err)}\n${usage}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [sub, ...names] = positionals;
  if (sub !== 'explain') {
    io.err(sub ? `Unknown screening command "${sub}".\n${usage}` : usage);
    return 2;
  }
  if (names.length) {
    if (names.length !== 2) {
      io.err(`Give two names (quote each name with spaces in it), not ${names.length}.\n${usage}`);
      return 2;
    }
    const schema = values.schema ? values.schema.charAt(0).toUpperCase() + values.schema.slice(1).toLowerCase() : 'Person';
    const r = explainPair({ schema, name1: names[0], name2: names[1] }, threshold);
    if ('error' in r) {
      io.err(r.error.replace('"schema"', '--schema'));
      return 2;
    }
    io.out(JSON.stringify(r));
    return 0;
  }
  if (values.schema) {
    io.err(`--schema goes with two names; on standard input each line says its own "schema".\n${usage}`);
    return 2;
  }
  if (io.stdin.isTTY) {
    io.err(`Give two names, or JSON lines on standard input.\n${usage}`);
    return 2;
  }
  let bad = 0;
  let n = 0;
  for await (const line of createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
    n++;
    if (!line.trim()) continue;
    let input: unknown;
    try {
      input = JSON.parse(line);
    } catch {
      bad++;
      io.err(`line ${n}: not JSON; each line must be {"schema": "Person"|"Company", "name1": "…", "name2": "…"}`);
      continue;
    }
    const r = explainPair(input, threshold);
    if ('error' in r) {
      bad++;
      io.err(`line ${n}: ${r.error}`);
    } else io.out(JSON.stringify(r));
  }
  return bad ? 2 : 0;
}

function parse(argv: string[]) {
  return parseArgs({ args: argv, allowPositionals: true, strict: true, options: { schema: { type: 'string' } } });
}
