// Identity documents of countries and states the development set has never shown (passports,
// identity cards, residence permits, driving licences; test/fixtures/identity-world.ts, with the
// later holdout set read whole only), drawn as images and read through the real reader and engine: whole, their visual zone alone (a card's
// front, a passport page cropped above its zone), and a few as phone photos. Each is taken for an
// identity document, most of its fields are read, and none is read wrong: a value the reading is not
// sure of is left empty. IDENTITY_WORLD_VERBOSE=1 prints every miss.
import { afterAll, describe, expect, it } from 'vitest';
import { closeReaders, configureReaders } from '../../src/document-engine/reading/index.ts';
import { degrade } from '../fixtures/degrade.ts';
import { renderIdentity } from '../fixtures/identity-render.ts';
import { IDENTITY_HOLDOUT, IDENTITY_WORLD } from '../fixtures/identity-world.ts';
import { misses, readIdentity, type Score, share, wrongValues } from '../fixtures/identity-world-score.ts';
import { setupAll } from '../helpers/setup.ts';

const PHOTOS = ['de-reisepass', 'pl-dowod-osobisty', 'uk-driving-licence', 'us-tx-driver-license', 'us-il-driver-license', 'ca-on-driver-licence'];
const scores: Record<'whole' | 'front' | 'photo', Score[]> = { whole: [], front: [], photo: [] };

setupAll(async () => {
  // Read as the service reads by default (both OCR engines, the Arabic reading), whatever an earlier
  // file in the same process set.
  configureReaders({ threads: 0, secondEngine: true, arabic: true });
  for (const doc of [...IDENTITY_WORLD, ...IDENTITY_HOLDOUT]) {
    scores.whole.push(await readIdentity(doc, renderIdentity(doc), false));
    if (!IDENTITY_WORLD.includes(doc)) continue;
    // A licence has no zone: its front is the whole of it.
    if (doc.mrz) scores.front.push(await readIdentity(doc, renderIdentity(doc, { front: true }), true));
    if (PHOTOS.includes(doc.name)) scores.photo.push(await readIdentity(doc, await degrade(renderIdentity(doc), 'photo'), false));
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
    expect(share(scores.front), misses(scores.front)).toBeGreaterThanOrEqual(0.94);
  });

  it('reads most fields of phone photos of them', () => {
    expect(share(scores.photo), misses(scores.photo)).toBeGreaterThanOrEqual(0.85);
  });

  it('reads no field wrong: a value it is not sure of is left empty', () => {
    expect(wrongValues([...scores.whole, ...scores.front, ...scores.photo])).toEqual([]);
  });
});
