// Identity documents of countries and states the development set has never shown (passports,
// identity cards, residence permits, driving licences; test/fixtures/identity-world.ts, with the
// later holdout set read whole only), drawn as images and read through the real reader and engine: whole, their visual zone alone (a card's
// front, a passport page cropped above its zone), and a few as phone photos. Each is taken for an
// identity document, most of its fields are read, and none is read wrong: a value the reading is not
// sure of is left empty. IDENTITY_WORLD_VERBOSE=1 prints every miss.
import { afterAll, describe, expect, it } from 'vitest';
import { verifyRead } from '../../src/document-engine/engine.ts';
import { closeReaders, configureReaders, readDocument } from '../../src/document-engine/reading/index.ts';
import { caseFactsFrom } from '../../src/document-engine/rules/context.ts';
import { degrade } from '../fixtures/degrade.ts';
import { renderIdentity } from '../fixtures/identity-render.ts';
import { expectedOf, IDENTITY_HOLDOUT, IDENTITY_WORLD, strictlySame, type WorldIdentity } from '../fixtures/identity-world.ts';
import { setupAll } from '../helpers/setup.ts';

interface Score {
  id: string;
  type: string | null;
  fields: number;
  right: number;
  wrong: { field: string; got: unknown; want: unknown }[];
}

const REQUESTED: Record<WorldIdentity['kind'], string> = { passport: 'passport', id_card: 'id_card', residence_permit: 'proof_of_identity', driving_licence: 'driving_licence' };
const PHOTOS = ['de-reisepass', 'pl-dowod-osobisty', 'uk-driving-licence', 'us-tx-driver-license', 'us-il-driver-license', 'ca-on-driver-licence'];
const scores: Record<'whole' | 'front' | 'photo', Score[]> = { whole: [], front: [], photo: [] };

async function read(doc: WorldIdentity, bytes: Buffer, front: boolean): Promise<Score> {
  const company = 'Unrelated Client Ltd';
  const out = verifyRead({
    read: await readDocument(bytes, 'image/png', { maxPages: 1 }),
    documentId: doc.name,
    ctx: {
      case: caseFactsFrom({ company_full_name: company, user_full_name: 'Unrelated Person' }, company),
      task: { requested_type: REQUESTED[doc.kind], company_full_name: company, file_name: `${doc.name}.png` },
      today: '2026-11-27',
    },
  });
  const got = (out.extracted?.fields ?? {}) as Record<string, unknown>;
  const want = Object.entries(expectedOf(doc, front));
  const misses = want.filter(([f, w]) => !strictlySame(got[f], w)).map(([field, w]) => ({ field, got: got[field] ?? null, want: w }));
  return { id: doc.name, type: (out.extracted?.classified_type as string | undefined) ?? null, fields: want.length, right: want.length - misses.length, wrong: misses };
}

const share = (s: Score[]) => s.reduce((n, x) => n + x.right, 0) / s.reduce((n, x) => n + x.fields, 0);
/** Fields read with a value other than the one printed (not those left empty). */
const wrongValues = (s: Score[]) => s.flatMap((x) => x.wrong.filter((w) => w.got !== null).map((w) => ({ id: x.id, ...w })));
const misses = (s: Score[]) => JSON.stringify(s.flatMap((x) => x.wrong.map((w) => ({ id: x.id, ...w }))));

setupAll(async () => {
  // Read as the service reads by default (both OCR engines, the Arabic reading), whatever an earlier
  // file in the same process set.
  configureReaders({ threads: 0, secondEngine: true, arabic: true });
  for (const doc of [...IDENTITY_WORLD, ...IDENTITY_HOLDOUT]) {
    scores.whole.push(await read(doc, renderIdentity(doc), false));
    if (!IDENTITY_WORLD.includes(doc)) continue;
    // A licence has no zone: its front is the whole of it.
    if (doc.mrz) scores.front.push(await read(doc, renderIdentity(doc, { front: true }), true));
    if (PHOTOS.includes(doc.name)) scores.photo.push(await read(doc, await degrade(renderIdentity(doc), 'photo'), false));
  }
  if (process.env.IDENTITY_WORLD_VERBOSE === '1') for (const [k, s] of Object.entries(scores)) console.log(k, share(s).toFixed(3), misses(s));
}, 900_000);
afterAll(async () => {
  configureReaders({ threads: 0 });
  await closeReaders();
});

describe('identity documents of countries and states never seen before', () => {
  it('takes every one for an identity document', () => {
    expect([...scores.whole, ...scores.front].filter((s) => s.type !== 'proof_of_identity').map((s) => s.id)).toEqual([]);
  });

  it('reads the fields of the whole documents, and of their visual zone alone', () => {
    expect(share(scores.whole), misses(scores.whole)).toBeGreaterThanOrEqual(0.93);
    expect(share(scores.front), misses(scores.front)).toBeGreaterThanOrEqual(0.85);
  });

  it('reads most fields of phone photos of them', () => {
    expect(share(scores.photo), misses(scores.photo)).toBeGreaterThanOrEqual(0.85);
  });

  it('reads no field wrong: a value it is not sure of is left empty', () => {
    expect(wrongValues([...scores.whole, ...scores.front, ...scores.photo])).toEqual([]);
  });
});
