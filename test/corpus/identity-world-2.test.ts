// The second set of invented identity documents (test/fixtures/identity-world-2.ts: Mexico, Brazil,
// India, Nigeria, South Africa, the Emirates, Singapore, Hong Kong, Australia, Germany, Italy,
// Ireland, the United States, Sweden, Norway, France), drawn as images and read through the real
// reader and engine: whole, by their visual zone alone (a card's front) and a few as phone photos.
// Each is taken for an identity document, most of its fields are read, and none is read wrong.
// IDENTITY_WORLD_VERBOSE=1 prints every miss.
import { afterAll, describe, expect, it } from 'vitest';
import { closeReaders, configureReaders } from '../../src/document-engine/reading/index.ts';
import { degrade } from '../fixtures/degrade.ts';
import { renderIdentity } from '../fixtures/identity-render.ts';
import { IDENTITY_WORLD_2 } from '../fixtures/identity-world-2.ts';
import { misses, readIdentity, type Score, share, wrongValues } from '../fixtures/identity-world-score.ts';
import { setupAll } from '../helpers/setup.ts';

const PHOTOS = ['ae-emirates-id', 'ng-nin-slip', 'in-driving-licence', 'sg-nric', 'mx-ine', 'no-id-kort'];
const scores: Record<'whole' | 'front' | 'photo', Score[]> = { whole: [], front: [], photo: [] };

setupAll(async () => {
  configureReaders({ threads: 0, secondEngine: true, arabic: true });
  for (const doc of IDENTITY_WORLD_2) {
    scores.whole.push(await readIdentity(doc, renderIdentity(doc), false));
    // A card with a zone on its back: its front alone too.
    if (doc.mrz && !doc.single) scores.front.push(await readIdentity(doc, renderIdentity(doc, { front: true }), true));
    if (PHOTOS.includes(doc.name)) scores.photo.push(await readIdentity(doc, await degrade(renderIdentity(doc), 'photo'), false));
  }
  if (process.env.IDENTITY_WORLD_VERBOSE === '1') for (const [k, s] of Object.entries(scores)) console.log(k, share(s).toFixed(3), misses(s));
}, 900_000);
afterAll(async () => {
  configureReaders({ threads: 0 });
  await closeReaders();
});

describe('identity documents business clients send, of countries and layouts never seen before', () => {
  it('takes all but the Indian tax card for identity documents, and all fronts but the Mexican voter card’s', () => {
    expect([...scores.whole, ...scores.front].filter((s) => s.type !== 'proof_of_identity').map((s) => s.id)).toEqual(['in-pan-card', 'mx-ine']);
  });

  it('reads the fields of the whole documents, of their front alone and of phone photos', () => {
    expect(share(scores.whole), misses(scores.whole)).toBeGreaterThanOrEqual(0.82);
    expect(share(scores.front), misses(scores.front)).toBeGreaterThanOrEqual(0.88);
    expect(share(scores.photo), misses(scores.photo)).toBeGreaterThanOrEqual(0.78);
  });

  it('reads no field wrong: a value it is not sure of is left empty', () => {
    expect(wrongValues([...scores.whole, ...scores.front, ...scores.photo])).toEqual([]);
  });
});
