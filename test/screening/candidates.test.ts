// The candidates of a screened name, as the blocking index gives them, against a plain count of
// every key of every entry: the index reads the rarest keys first and stops bringing in entries
// once no new one could reach the best `limit`, yet must return exactly the entries the plain
// count ranks best (most shared key weight, then shortest name, then id). A list of 3,000 entries
// made of a few common words and many rare ones puts the early stop, the lookups in long keys and
// the ties at the cut to work. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../helpers/database.ts';
import { candidateNames, entriesById, listActiveVersions } from '../../src/db/screening.repo.ts';
import { entryTokens } from '../../src/screening/match.ts';
import { entryNameTokens } from '../../src/screening/normalise.ts';
import { importList } from '../../src/screening/lists.ts';
import { blockingKeys, type NameKind } from '../../src/screening/normalise.ts';

const db = useTestDatabase();

const COMMON = ['Mohammed', 'Ali', 'Hassan', 'Ahmed', 'Abdul'];
// Words of three consonants whose sounds all differ, so that each has its own phonetic key.
const SOUNDS = 'btfkjlmnrs';
const RARE = Array.from({ length: 400 }, (_, i) => `${SOUNDS[i % 10]!.toUpperCase()}a${SOUNDS[Math.floor(i / 10) % 10]}e${SOUNDS[Math.floor(i / 100)]}o`);

/** A fixed pseudo-random sequence, so the list is the same on every run. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/** Writes the list; returns its names. */
function writeList(file: string): string[] {
  const next = sequence(7);
  const lines: string[] = [];
  const names: string[] = [];
  for (let i = 0; i < 3000; i++) {
    const words: string[] = [];
    const size = 2 + Math.floor(next() * 4);
    for (let w = 0; w < size; w++) words.push(next() < 0.6 ? COMMON[Math.floor(next() * COMMON.length)]! : RARE[Math.floor(next() * RARE.length)]!);
    const alias = next() < 0.2 ? `a.k.a. '${[...words].reverse().join(' ')}'.` : '';
    names.push(words.join(' '));
    lines.push(`${10000 + i},"${words.join(' ')}","individual","TEST",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"${alias}"`);
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return names;
}

/** The plain count: every key row of the version, weighed, ranked, cut at `limit`. */
async function reference(versionId: string, keys: string[], need: number, limit: number): Promise<string[]> {
  const rows = await db().db.selectFrom('screening_keys').select(['key', 'entry_id', 'size']).where('version_id', '=', versionId).execute();
  const wanted = new Set(keys);
  const byEntry = new Map<string, { w: number; size: number }>();
  for (const r of rows) {
    if (!wanted.has(r.key)) continue;
    const e = byEntry.get(r.entry_id) ?? { w: 0, size: 255 };
    e.w += r.key.startsWith('j:') ? 2 : 1;
    e.size = Math.min(e.size, Number(r.size));
    byEntry.set(r.entry_id, e);
  }
  return [...byEntry]
    .filter(([, e]) => e.w >= need)
    .sort(([a, x], [b, y]) => y.w - x.w || x.size - y.size || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([id]) => id)
    .sort();
}

/** The names the index holds for each candidate are those of the entry as stored, folded. */
async function expectNamesAsStored(found: { id: string; kind: string; names: string[][] }[]): Promise<void> {
  const rows = new Map(
    (
      await entriesById(
        db().db,
        found.map((c) => c.id),
      )
    ).map((r) => [r.id, r]),
  );
  for (const c of found) {
    const { entry } = rows.get(c.id)!;
    expect(c.names, c.id).toEqual(entryTokens(entry, c.kind === 'person' ? 'person' : 'company'));
  }
}

describe('screening candidates', () => {
  it('are exactly the entries a plain count of every key ranks best, whatever the limit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-candidates-'));
    const file = path.join(dir, 'sdn.csv');
    const listed = writeList(file);
    const { db: kdb, dialect } = db();
    const out = await importList(kdb, dialect, file, { name: 'synthetic' });
    expect(out.version.entry_count).toBe(3000);
    const [version] = await listActiveVersions(kdb);
    const names: [string, NameKind][] = [
      ['Mohammed Ali Hassan', 'person'],
      ['Ahmed Abdul', 'person'],
      [`Abdul Mohammed Ali Hassan Ahmed ${RARE[0]}`, 'person'],
      [`Hassan ${RARE[3]} ${RARE[42]}`, 'person'],
      [RARE[17]!, 'person'],
      ['Mohammed', 'person'],
      ['Nobody Anywhere', 'person'],
      // Names of the list with two rare words and common ones: the rare keys find the best entries
      // early, and the long keys of the common words are only looked up.
      ...listed
        .filter((n) => n.split(' ').filter((w) => RARE.includes(w)).length >= 2 && n.split(' ').some((w) => COMMON.includes(w)))
        .slice(0, 5)
        .map((n): [string, NameKind] => [n, 'person']),
    ];
    expect(names.length).toBe(12);
    let compared = 0;
    for (const [name, kind] of names) {
      const keys = blockingKeys(name, kind);
      const need = Math.max(1, Math.min(2, keys.length - 1));
      for (const limit of [1, 7, 50, 500, 5000]) {
        const found = await candidateNames(kdb, [version!.id], keys, need, limit, entryNameTokens);
        const got = found.map((r) => r.id).sort();
        expect(got, `${name}, limit ${limit}`).toEqual(await reference(version!.id, keys, need, limit));
        compared += got.length;
        if (limit === 50) await expectNamesAsStored(found);
      }
    }
    // The names of common words reach the limits, so the cut and the early stop were both at work.
    expect(compared).toBeGreaterThan(5000);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('come with their names from the entries details when a version was imported before the tokens were stored', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-candidates-'));
    const file = path.join(dir, 'sdn.csv');
    writeList(file);
    const { db: kdb, dialect } = db();
    const out = await importList(kdb, dialect, file, { name: 'older' });
    await kdb.updateTable('screening_entries').set({ tokens: null }).where('version_id', '=', out.version.id).execute();
    const keys = blockingKeys('Mohammed Ali Hassan', 'person');
    const found = await candidateNames(kdb, [out.version.id], keys, 2, 200, entryNameTokens);
    expect(found.length).toBe(200);
    await expectNamesAsStored(found);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
