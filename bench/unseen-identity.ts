// First sight on invented identity documents of countries and states the real-documents set does not
// hold (test/fixtures/identity-world.ts): passports, identity cards, residence permits and driving
// licences, each drawn as an image and read as it stands and degraded as the real-documents bench
// degrades a photo (photo, tilt, small), in-process as the service reads, and scored by the
// real-documents scorer (and strictly: a value read that is not the one printed counts as wrong).
// --set second reads the second set (test/fixtures/identity-world-2.ts: Mexico, Brazil, India,
// Nigeria, South Africa, the Emirates, Singapore, Hong Kong, Australia, Germany, Italy, Ireland, the
// United States, Sweden, Norway, France); --set third the third (test/fixtures/identity-world-3.ts:
// the United Kingdom, Poland, Greece, Pakistan, the Philippines, Vietnam, Ukraine, Germany, Romania,
// Czechia, Estonia, Lithuania, Chile, Türkiye, Spain, Italy, the Netherlands, Ireland, Massachusetts,
// Québec); --set fourth the fourth (test/fixtures/identity-world-4.ts: Nigeria, Mexico, Japan, Korea,
// Canada, Australia, South Africa, Austria, Finland, Croatia, Bulgaria, Latvia, Hungary, Argentina,
// the Netherlands, Poland, Queensland, Washington State, Sweden, Alberta); --set fifth the fifth (test/fixtures/identity-world-5.ts:
// Egypt, Morocco, Kenya, Bangladesh, Thailand, Colombia, New Zealand, Switzerland, Slovakia, Slovenia,
// Peru, Ireland, Ohio, Western Australia); `all` is the first set
// (world and holdout). --as pdf reads
// the image as a scanner without OCR writes it into a PDF.
//
//   npx tsx bench/unseen-identity.ts [--set world|holdout|all|second|third|fourth|fifth] [--only NAME,…] [--as clean|pdf|photo|tilt|small|front|front-photo|all] [--verbose]
//
// Prints the figures; writes nothing.
import { parseArgs } from 'node:util';
import { degrade } from '../test/fixtures/degrade.ts';
import { renderIdentity, scanPdf } from '../test/fixtures/identity-render.ts';
import { IDENTITY_WORLD_2 } from '../test/fixtures/identity-world-2.ts';
import { IDENTITY_WORLD_3 } from '../test/fixtures/identity-world-3.ts';
import { IDENTITY_WORLD_4 } from '../test/fixtures/identity-world-4.ts';
import { IDENTITY_WORLD_5 } from '../test/fixtures/identity-world-5.ts';
import { expectedOf, IDENTITY_HOLDOUT, IDENTITY_WORLD, strictlySame, type WorldIdentity } from '../test/fixtures/identity-world.ts';
import { scoreDocument } from './realdocs/score.ts';
import { serviceEngine, unseenExpected } from './unseen-reading.ts';

const REQUESTED: Record<WorldIdentity['kind'], string> = { passport: 'passport', id_card: 'id_card', residence_permit: 'proof_of_identity', driving_licence: 'driving_licence' };

const { values: args } = parseArgs({
  options: { set: { type: 'string', default: 'all' }, only: { type: 'string' }, as: { type: 'string', default: 'all' }, verbose: { type: 'boolean', default: false } },
});

async function main() {
  const { readAndVerify, closeReaders } = await serviceEngine();
  const modes = args.as === 'all' ? ['clean', 'pdf', 'photo', 'tilt', 'small', 'front', 'front-photo'] : args.as.split(',');
  const sets = {
    world: IDENTITY_WORLD,
    holdout: IDENTITY_HOLDOUT,
    all: [...IDENTITY_WORLD, ...IDENTITY_HOLDOUT],
    second: IDENTITY_WORLD_2,
    third: IDENTITY_WORLD_3,
    fourth: IDENTITY_WORLD_4,
    fifth: IDENTITY_WORLD_5,
  };
  const docs = (sets[args.set as keyof typeof sets] ?? sets.all).filter((d) => !args.only || args.only.split(',').some((o) => d.name.includes(o)));
  for (const as of modes) {
    let fields = 0;
    let correct = 0;
    let wrong = 0;
    let classified = 0;
    let count = 0;
    for (const doc of docs) {
      // "front": the visual zone alone (a card's front, a passport page cropped above its zone); a
      // card's back drawn alone has none.
      const front = as.startsWith('front');
      if (front && doc.single) continue;
      count++;
      const how = as.replace(/^front-?/, '') || 'clean';
      const png = renderIdentity(doc, { front });
      const bytes = how === 'clean' ? png : how === 'pdf' ? await scanPdf(png) : await degrade(png, how as 'photo' | 'tilt' | 'small');
      const want = expectedOf(doc, front);
      const out = await readAndVerify({
        name: doc.name,
        bytes,
        mediaType: how === 'pdf' ? 'application/pdf' : 'image/png',
        maxPages: 1,
        requestedType: REQUESTED[doc.kind],
        fileName: `${doc.name}.png`,
        today: '2026-11-27',
      });
      const expected = unseenExpected(doc.name, {
        document_type: 'proof_of_identity',
        accept_types: ['proof_of_identity'],
        requested_type: REQUESTED[doc.kind],
        fields: want,
      });
      const s = scoreDocument(doc.name, expected, { extracted: out.extracted, findings: [] }, 0);
      const got = (out.extracted?.fields ?? {}) as Record<string, unknown>;
      const marks = Object.entries(want).map(([f, want]) => ({ f, want, got: got[f] ?? null, ok: strictlySame(got[f], want) }));
      const ok = marks.filter((m) => m.ok).length;
      const bad = marks.filter((m) => !m.ok && m.got !== null).length;
      classified += s.classified ? 1 : 0;
      fields += marks.length;
      correct += ok;
      wrong += bad;
      console.log(`${as.padEnd(5)} ${doc.name.padEnd(26)} class ${s.classified ? 'ok' : `WRONG (${s.classifiedAs})`} fields ${ok}/${marks.length}${bad ? ` WRONG ${bad}` : ''}`);
      for (const m of marks.filter((x) => args.verbose || !x.ok)) console.log(`    ${m.ok ? ' ' : m.got === null ? '·' : '✗'} ${m.f}: got ${JSON.stringify(m.got)} want ${JSON.stringify(m.want)}`);
    }
    console.log(`== ${as}: classified ${classified}/${count}, fields ${correct}/${fields} (${((100 * correct) / fields).toFixed(1)} %), wrong values ${wrong}`);
  }
  await closeReaders();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
