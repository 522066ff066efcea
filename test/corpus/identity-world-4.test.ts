// The fourth set of invented identity documents (test/fixtures/identity-world-4.ts: passports of
// Nigeria, Mexico, Japan, Korea, Canada, Australia and South Africa; identity cards of Austria,
// Finland, Croatia, Bulgaria, Latvia, Hungary and Argentina; Dutch and Polish residence permits;
// Queensland, Washington State, Swedish and Alberta driving licences), drawn as images and read
// through the real reader and engine: whole, by their visual zone alone (a card's front, a passport
// page cropped above its zone), as phone photos, and the visual zone alone photographed (a card's
// front taken by a phone, the case a client most often sends). IDENTITY_WORLD_VERBOSE=1 prints
// every miss.
//
// First sight (on the code before any change for this set, 2026-11-27): every whole document taken
// for an identity document but the Alberta licence (a business licence, by "OPERATOR'S LICENCE");
// every front and photo taken for one; fields whole 109/119 (0.916), front 79/88 (0.898), photo
// 46/48 (0.958), front photographed 26/32 (0.813); five values read wrong: the Korean given name
// SEOYEON read SEQYEON from the zone (whole and photo), the Austrian JOHANNA MARIA read MARTA
// (photo), the Alberta licence's birth date taken for its issue date, and the Hungarian card's
// "Családi és utónév / Surname and given name(s)" over two lines, whose first line (the surname) was
// read as the given name.
//
// After the fixes of causes that recur (one label over the family name and the given names on two
// lines, Hungary here and Québec in the third set; "Name" for the given names under the surname's own
// label, Croatia here as Greece and Bulgaria print it; the number under "Identity card number",
// Croatia, and "Documento / Document", Argentina; a zone's name misread where another reading of
// the zone writes it as the page prints it, Korea and Austria): fields whole 110/119 (0.924), front
// 84/88 (0.955), photo 47/48 (0.979), front photographed 29/32 (0.906); two values still read wrong:
// the Korean photo's SEQYEON (every reading of its zone misreads it) and the Alberta licence's birth
// date as its issue date, which a business licence's reading gives.
import { afterAll, describe, expect, it } from 'vitest';
import { closeReaders, configureReaders } from '../../src/document-engine/reading/index.ts';
import { IDENTITY_WORLD_4 } from '../fixtures/identity-world-4.ts';
import { misses, readViews, share, type Views, wrongValues } from '../fixtures/identity-world-score.ts';
import { setupAll } from '../helpers/setup.ts';

const PHOTOS = ['ng-passport', 'kr-passport', 'at-personalausweis', 'bg-lichna-karta', 'hu-szemelyazonosito', 'nl-verblijfsdocument', 'us-wa-driver-license', 'se-korkort'];
const FRONT_PHOTOS = ['ca-passport', 'fi-henkilokortti', 'hr-osobna-iskaznica', 'lv-personas-aplieciba', 'ar-dni', 'pl-karta-pobytu'];
let scores: Views = { whole: [], front: [], photo: [], frontPhoto: [] };

setupAll(async () => {
  configureReaders({ threads: 0, secondEngine: true, arabic: true });
  scores = await readViews(IDENTITY_WORLD_4, PHOTOS, FRONT_PHOTOS);
}, 1_500_000);
afterAll(async () => {
  configureReaders({ threads: 0 });
  await closeReaders();
});

describe('identity documents of a fourth set of countries and kinds never seen before', () => {
  it('takes each one but the Alberta licence for an identity document, whole, by its front alone and photographed', () => {
    expect([...scores.whole, ...scores.front, ...scores.photo, ...scores.frontPhoto].filter((s) => s.type !== 'proof_of_identity').map((s) => s.id)).toEqual(['ca-ab-operator-licence']);
  });

  it('reads the fields of the whole documents, of their visual zone alone and of phone photos', () => {
    expect(share(scores.whole), misses(scores.whole)).toBeGreaterThanOrEqual(0.92);
    expect(share(scores.front), misses(scores.front)).toBeGreaterThanOrEqual(0.95);
    expect(share(scores.photo), misses(scores.photo)).toBeGreaterThanOrEqual(0.97);
    expect(share(scores.frontPhoto), misses(scores.frontPhoto)).toBeGreaterThanOrEqual(0.9);
  });

  it("reads no field wrong but a name every reading of a photo's zone misreads and the licence taken for a business one", () => {
    expect(wrongValues([...scores.whole, ...scores.front, ...scores.photo, ...scores.frontPhoto]).map((w) => `${w.id} ${w.field}`)).toEqual([
      'ca-ab-operator-licence issue_date',
      'kr-passport given_names',
    ]);
  });
});
