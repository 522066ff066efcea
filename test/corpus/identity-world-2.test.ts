// The second set of invented identity documents (test/fixtures/identity-world-2.ts: Mexico, Brazil,
// India, Nigeria, South Africa, the Emirates, Singapore, Hong Kong, Australia, Germany, Italy,
// Ireland, the United States, Sweden, Norway, France), drawn as images and read through the real
// reader and engine: whole, by their visual zone alone (a card's front) and a few as phone photos.
// Each is taken for an identity document, most of its fields are read, and none is read wrong.
// IDENTITY_WORLD_VERBOSE=1 prints every miss.
import { afterAll, describe, expect, it } from 'vitest';
import { verifyRead } from '../../src/document-engine/engine.ts';
import { closeReaders, configureReaders, readDocument } from '../../src/document-engine/reading/index.ts';
import { caseFactsFrom } from '../../src/document-engine/rules/context.ts';
import { degrade } from '../fixtures/degrade.ts';
import { renderIdentity } from '../fixtures/identity-render.ts';
import { expectedOf, strictlySame, type WorldIdentity } from '../fixtures/identity-world.ts';
import { IDENTITY_WORLD_2 } from '../fixtures/identity-world-2.ts';
import { setupAll } from '../helpers/setup.ts';

interface Score {
  id: string;
  type: string | null;
  fields: number;
  right: number;
  wrong: { field: string; got: unknown; want: unknown }[];
}

const REQUESTED: Record<WorldIdentity['kind'], string> = { passport: 'passport', id_card: 'id_card', residence_permit: 'proof_of_identity', driving_licence: 'driving_licence' };
const PHOTOS = ['ae-emirates-id', 'ng-nin-slip', 'in-driving-licence', 'au-vic-driver-licence', 'br-cnh', 'sg-nric'];
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
  configureReaders({ threads: 0, secondEngine: true, arabic: true });
  for (const doc of IDENTITY_WORLD_2) {
    scores.whole.push(await read(doc, renderIdentity(doc), false));
    // A card with a zone on its back: its front alone too.
    if (doc.mrz && !doc.single) scores.front.push(await read(doc, renderIdentity(doc, { front: true }), true));
    if (PHOTOS.includes(doc.name)) scores.photo.push(await read(doc, await degrade(renderIdentity(doc), 'photo'), false));
  }
  if (process.env.IDENTITY_WORLD_VERBOSE === '1') for (const [k, s] of Object.entries(scores)) console.log(k, share(s).toFixed(3), misses(s));
}, 900_000);
afterAll(async () => {
  configureReaders({ threads: 0 });
  await closeReaders();
});

describe('identity documents business clients send, of countries and layouts never seen before', () => {
  it('takes all but the Indian tax card for identity documents, whole and by their front', () => {
    expect([...scores.whole, ...scores.front].filter((s) => s.type !== 'proof_of_identity').map((s) => s.id)).toEqual(['in-pan-card']);
  });

  it('reads the fields of the whole documents, of their front alone and of phone photos', () => {
    expect(share(scores.whole), misses(scores.whole)).toBeGreaterThanOrEqual(0.84);
    expect(share(scores.front), misses(scores.front)).toBeGreaterThanOrEqual(0.8);
    expect(share(scores.photo), misses(scores.photo)).toBeGreaterThanOrEqual(0.85);
  });

  it('reads no field wrong: a value it is not sure of is left empty', () => {
    expect(wrongValues([...scores.whole, ...scores.front, ...scores.photo])).toEqual([]);
  });
});
