// `dossier screening explain`: the real command in a child process, with two names as arguments
// and with JSON lines on standard input; bad input answered with a sentence and exit code 2, never
// a stack trace. Its scores are the matcher's own (the same function screening calls).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blankEntry } from '../../src/screening/formats/common.ts';
import { MATCHER_VERSION, matchEntry } from '../../src/screening/match.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scale = Number(process.env.TEST_TIMEOUT_SCALE ?? 1);

function explain(args: string[], stdin?: string, env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'screening', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (err += String(d)));
    child.once('exit', (code) => resolve({ code, out, err }));
    child.stdin.end(stdin ?? '');
  });
}
const lines = (s: string) =>
  s
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/);

describe('dossier screening explain', () => {
  it('scores two names given as arguments, with the reasons per part and the threshold in force', { timeout: 60_000 * scale }, async () => {
    const r = await explain(['explain', 'Amer Hassan', 'Samer Hassan'], undefined, { SCREENING_MATCH_THRESHOLD: '0.8' });
    expect(r.code).toBe(0);
    const [one] = lines(r.out);
    expect(one).toEqual({
      schema: 'Person',
      name1: 'Amer Hassan',
      name2: 'Samer Hassan',
      score: 0.54,
      hit: false,
      threshold: 0.8,
      matcher_version: MATCHER_VERSION,
      reasons: ['name 0.54', 'family name Hassan: equal', 'given name Amer vs Samer: different'],
    });
    const company = lines((await explain(['explain', '--schema', 'company', 'ООО Ромашка', 'Romashka LLC'])).out)[0];
    expect(company).toMatchObject({ schema: 'Company', score: 1, hit: true, threshold: 0.85 });
  });

  it('answers JSON lines one line each, exactly as the matcher screening uses', { timeout: 60_000 * scale }, async () => {
    const pairs = [
      { schema: 'Person', name1: 'Yevgeny Prigozhin', name2: 'PRIGOZHIN, Evgeniy Viktorovich' },
      { schema: 'Person', name1: 'Ivan Petrova', name2: 'Ivan Petrov' },
      { schema: 'Company', name1: 'Atlas Trading GmbH', name2: 'Atlas Trading Ltd' },
    ];
    const r = await explain(['explain'], `${pairs.map((p) => JSON.stringify(p)).join('\n')}\n`);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const got = lines(r.out);
    expect(got).toHaveLength(3);
    pairs.forEach((p, i) => {
      const kind = p.schema === 'Person' ? 'person' : 'company';
      const m = matchEntry({ kind, names: [p.name1], countries: [], identifiers: [] }, blankEntry('x', kind, 'sanctions', p.name2))!;
      expect(got[i]).toMatchObject({ ...p, score: m.score, reasons: m.reasons, hit: m.score >= 0.85 });
    });
    expect(got[0].reasons).toContain('given name Yevgeny vs Evgeniy: spelling variant');
  });

  it('answers bad input with what to fix and exit code 2, still answering the good lines', { timeout: 60_000 * scale }, async () => {
    const stream = await explain(
      ['explain'],
      ['{"schema":"Person","name1":"Jane Smith","name2":"SMITH, Jane"}', 'not json', '{"schema":"Vessel","name1":"a","name2":"b"}', '{"schema":"Company","name1":""}', '[1]'].join('\n'),
    );
    expect(stream.code).toBe(2);
    expect(lines(stream.out)).toHaveLength(1);
    expect(stream.err).toContain('line 2: not JSON');
    expect(stream.err).toContain('line 3: "schema" must be "Person" or "Company", not "Vessel"');
    expect(stream.err).toContain('line 4: "name1" must be a non-empty string');
    expect(stream.err).toContain('line 5: expected a JSON object');
    noStack(stream.err);
    for (const args of [
      ['explain', 'only one'],
      ['explain', '--nope', 'a', 'b'],
      ['explain', '--schema', 'Vessel', 'a', 'b'],
    ]) {
      const r = await explain(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(/Give two names|Unknown option|--schema must be/);
      noStack(r.err);
    }
  });
});
