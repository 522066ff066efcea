// The matching rules on their own: names across scripts, legal forms, token order, sounds-alike
// spellings, and what birth years, countries and identifiers do to a score; then the findings that
// hits become.
import { describe, expect, it } from 'vitest';
import { entryTokens, matchEntry, nameFloor, nameSimilarity, similarityReaches, type ListEntry, type Subject } from './match.ts';
import { blockingKeys, foldName, nameTokens } from './normalise.ts';
import { listDates, countryCode } from './formats/common.ts';
import { detectFormat } from './formats/detect.ts';
import { screeningFindingRows, severityOf, type HitForFinding } from './findings.ts';

const entry = (o: Partial<ListEntry>): ListEntry => ({
  listEntryId: '1',
  kind: 'person',
  topic: 'sanctions',
  name: '',
  aliases: [],
  birthDates: [],
  nationalities: [],
  countries: [],
  addresses: [],
  identifiers: [],
  programmes: [],
  ...o,
});
const person = (name: string, o: Partial<Subject> = {}): Subject => ({ kind: 'person', names: [name], countries: [], identifiers: [], ...o });
const company = (name: string, o: Partial<Subject> = {}): Subject => ({ kind: 'company', names: [name], countries: [], identifiers: [], ...o });

describe('names', () => {
  it('folds scripts to Latin and sets legal forms aside for companies only', () => {
    expect(foldName('Владимир Путин')).toBe('vladimir putin');
    expect(foldName("Seán O'Brien-Müller")).toBe('sean obrien muller');
    expect(nameTokens('ООО «Ромашка»', 'company')).toEqual(['romashka']);
    expect(nameTokens('Acme Trading GmbH & Co. KG', 'company')).toEqual(['acme', 'trading']);
    expect(nameTokens('Co Ltd', 'company')).toEqual(['co', 'ltd']);
    expect(nameTokens('Maria de la Cruz', 'person')).toEqual(['maria', 'cruz']);
  });

  it('gives a written-together name and its spaced form a blocking key in common', () => {
    const spaced = blockingKeys('Al Qaida', 'company');
    const joined = blockingKeys('ALQAIDA', 'company');
    expect(spaced.filter((k) => joined.includes(k))).toEqual(['j:ALKT']);
    expect(blockingKeys('Qaida, Al', 'company')).toContain('j:ALKT');
  });

  it('scores the same person written in another order, script or spelling high, another person low', () => {
    expect(nameSimilarity(nameTokens('Putin Vladimir', 'person'), nameTokens('Vladimir Putin', 'person'), 'person')).toBe(1);
    expect(nameSimilarity(nameTokens('Дмитрий Соколов', 'person'), nameTokens('SOKOLOV, Dmitry', 'person'), 'person')).toBeGreaterThan(0.95);
    expect(nameSimilarity(nameTokens('Mohammed Al Rashid', 'person'), nameTokens('Muhammad AL-RASHID', 'person'), 'person')).toBeGreaterThan(0.9);
    expect(nameSimilarity(nameTokens('Jane Smith', 'person'), nameTokens('John Smithers', 'person'), 'person')).toBeLessThan(0.85);
    // One word against a full name counts for less for persons.
    expect(nameSimilarity(nameTokens('Putin', 'person'), nameTokens('Vladimir Vladimirovich Putin', 'person'), 'person')).toBeLessThan(0.8);
  });
});

describe('names as parts', () => {
  const score = (a: string, b: string, kind: 'person' | 'company' = 'person') => matchEntry(kind === 'person' ? person(a) : company(a), entry({ kind, name: b }))!;

  it('takes transliterations of one name as equal, and says which part is which', () => {
    expect(score('Yevgeny Prigozhin', 'PRIGOZHIN, Evgeniy Viktorovich').reasons).toEqual([
      'name 0.91',
      'family name Prigozhin: equal',
      'given name Yevgeny vs Evgeniy: spelling variant',
      "patronymic Viktorovich: only in the list's name",
    ]);
    expect(score('Osama bin Laden', 'BIN LADIN, Usama').score).toBeGreaterThan(0.9);
    expect(score('Mohamed Hasan', 'Muhammad Hassan').score).toBeGreaterThan(0.9);
    expect(score('Дмитрий Соколов', 'SOKOLOV, Dmitry').score).toBeGreaterThan(0.95);
  });

  it('cuts hard a different given name that is not a variant, another family name, the other gender form', () => {
    const amer = score('Amer Hassan', 'Samer Hassan');
    expect(amer.score).toBeLessThan(0.6);
    expect(amer.reasons).toContain('given name Amer vs Samer: different');
    expect(amer.reasons).toContain('family name Hassan: equal');
    expect(score('Hamza bin Laden', 'BIN LADIN, Usama').score).toBeLessThan(0.6);
    expect(score('John Smith', 'John Smithers').score).toBeLessThan(0.6);
    expect(score('Ivan Petrova', 'Ivan Petrov').score).toBeLessThan(0.6);
    expect(score('Viktor Sergeyevich Petrov', 'PETROV, Viktor Ivanovich').score).toBeLessThan(0.6);
  });

  it('matches an initial only to a name it can stand for, and never a name of initials alone', () => {
    expect(score('V. Petrov', 'PETROV, Viktor').score).toBeGreaterThan(0.9);
    expect(score('V. Petrov', 'PETROV, Viktor').reasons).toContain('given name V. vs Viktor: initial');
    expect(score('A. Petrov', 'PETROV, Viktor').score).toBeLessThan(0.6);
    expect(score('V P', 'PETROV, Viktor').score).toBeLessThan(0.5);
  });

  it('compares companies without legal form, common words weighing less, numbers and letters exactly', () => {
    expect(score('ООО Ромашка', 'Romashka LLC', 'company').score).toBe(1);
    expect(score('Atlas Trading Ltd', 'Atlas Shipping Ltd', 'company').score).toBeLessThan(0.75);
    expect(score('Trading Group', 'Atlas Trading Group', 'company').score).toBeLessThan(0.8);
    expect(score('Atlas Trading', 'Atlas Trading International', 'company').score).toBeGreaterThan(0.9);
    expect(score('Plant 144', 'Plant 163', 'company').score).toBeLessThan(0.5);
    expect(score('Company A', 'Company B', 'company').score).toBe(0);
    const forms = score('Atlas Trading GmbH', 'Atlas Trading Ltd', 'company');
    expect(forms.score).toBeLessThan(score('Atlas Trading GmbH', 'Atlas Trading AG', 'company').score);
    expect(forms.reasons).toContain('legal form GmbH vs Ltd: used in different jurisdictions');
  });
});

describe('a subject against an entry', () => {
  const petrov = entry({ name: 'PETROV, Viktor Ivanovich', aliases: ['Виктор Петров'], birthDates: ['1971-03-14'], nationalities: ['RU'], identifiers: [{ type: 'Passport', value: '72 1123 4567' }] });

  it('says why: name, birth month, country', () => {
    const m = matchEntry(person('Viktor Petrov', { birthDate: '1971-03', countries: ['RU'] }), petrov)!;
    expect(m.score).toBeGreaterThanOrEqual(0.95);
    // The Cyrillic alias, transliterated, is the closest name.
    expect(m.matchedName).toBe('Виктор Петров');
    expect(m.reasons).toEqual(['name 1.00 (transliterated)', 'given name Viktor: equal', 'family name Petrov: equal', 'birth month 1971-03 matches', 'country RU matches']);
  });

  it('marks a match through another script as transliterated', () => {
    const m = matchEntry(person('Виктор Петров'), petrov)!;
    expect(m.matchedName).toBe('Виктор Петров');
    expect(m.reasons[0]).toBe('name 1.00 (transliterated)');
  });

  it('cuts a same name born in another year well below any threshold', () => {
    const m = matchEntry(person('Viktor Ivanovich Petrov', { birthDate: '1990-05' }), petrov)!;
    expect(m.score).toBeLessThan(0.6);
    expect(m.reasons).toContain("birth year 1990 differs from the list's 1971");
    const near = matchEntry(person('Viktor Ivanovich Petrov', { birthDate: '1972-05' }), petrov)!;
    expect(near.score).toBeGreaterThan(0.8);
    expect(near.score).toBeLessThan(0.9);
  });

  it('raises a shared identifier near certainty, and never lets a person meet a company', () => {
    const m = matchEntry(person('V. Petrov', { identifiers: ['721-123-4567'] }), petrov)!;
    expect(m.reasons).toContain('Passport 72 1123 4567 matches');
    expect(m.score).toBeGreaterThanOrEqual(0.99);
    expect(matchEntry(company('Petrov Viktor Ivanovich'), petrov)).toBeNull();
    expect(matchEntry(person('Oceanic Star'), entry({ kind: 'vessel', name: 'OCEANIC STAR' }))).toBeNull();
  });

  it('matches a company by an alias whatever its legal form', () => {
    const orion = entry({ kind: 'company', name: 'ORION SHIPPING LLC', aliases: ['NORTHSTAR MARITIME TRADING FZE'], countries: ['AE'] });
    const m = matchEntry(company('Northstar Maritime Trading Ltd', { countries: ['GB'] }), orion)!;
    expect(m.matchedName).toBe('NORTHSTAR MARITIME TRADING FZE');
    expect(m.score).toBeGreaterThan(0.85);
    expect(m.reasons).toContain("country GB not among the list's AE");
  });
});

describe('list text', () => {
  it('reads the dates and countries lists write', () => {
    expect(listDates('12 Mar 1960')).toEqual(['1960-03-12']);
    expect(listDates('circa 1960')).toEqual(['1960']);
    expect(listDates('1958 to 1960')).toEqual(['1958', '1959', '1960']);
    expect(listDates('00/04/1975')).toEqual(['1975-04']);
    expect(listDates('Jul 1968')).toEqual(['1968-07']);
    expect(countryCode('Korea, North')).toBe('KP');
    expect(countryCode('Russia')).toBe('RU');
    expect(countryCode('RUS')).toBe('RU');
    expect(countryCode('Atlantis')).toBeNull();
  });

  it('recognises formats by content', () => {
    expect(detectFormat('36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ')).toBe('ofac-csv');
    expect(detectFormat('<?xml version="1.0"?>\n<sdnList xmlns="http://tempuri.org/sdnList.xsd">')).toBe('ofac-xml');
    expect(detectFormat('<?xml version="1.0"?><CONSOLIDATED_LIST dateGenerated="2024-01-01">')).toBe('un-xml');
    expect(detectFormat('<export xmlns="http://eu.europa.ec/fpi/fsd/export"><sanctionEntity logicalId="1">')).toBe('eu-xml');
    expect(detectFormat('Last Updated,03/05/2024\nName 6,Name 1')).toBe('uk-csv');
    expect(detectFormat('{"id":"x","schema":"Person","properties":{}}')).toBe('ftm');
    expect(detectFormat('{"hello":"world"}')).toBeNull();
    expect(detectFormat('<html><body>')).toBeNull();
  });
});

describe('findings of hits', () => {
  const hit = (o: Partial<HitForFinding>): HitForFinding => ({
    id: 'h1',
    entity_id: 'e1',
    entity_name: 'Elena Markova',
    list_name: 'peps',
    list_entry_id: 'Q1',
    topic: 'pep',
    score: 0.97,
    matched_name: 'Elena Markova',
    reasons: JSON.stringify(['name 1.00']),
    status: 'open',
    current: 1,
    version_date: '2024-05-01',
    role: 'Account owner',
    pepDeclared: null,
    ...o,
  });

  it('grades by list and score: strong sanctions critical, PEP warning, weaker info', () => {
    expect(severityOf({ topic: 'sanctions', score: 0.95, status: 'open' }, 0.92)).toBe('critical');
    expect(severityOf({ topic: 'sanctions', score: 0.88, status: 'open' }, 0.92)).toBe('info');
    expect(severityOf({ topic: 'sanctions', score: 0.88, status: 'true_match' }, 0.92)).toBe('critical');
    expect(severityOf({ topic: 'pep', score: 0.99, status: 'open' }, 0.92)).toBe('warning');
  });

  it('raises nothing for a false match or a hit no longer found, and flags an undeclared PEP', () => {
    const rows = screeningFindingRows('c1', 'conv1', [hit({ pepDeclared: false }), hit({ id: 'h2', status: 'false_match' }), hit({ id: 'h3', current: 0 })], 0.92, '2026-01-01T00:00:00Z');
    expect(rows.map((r) => [r.code, r.severity])).toEqual([
      ['pep_match', 'warning'],
      ['pep_not_declared', 'warning'],
    ]);
    expect(rows[1]!.text).toContain('declared not being a politically exposed person');
    expect(rows.every((r) => r.source === 'screening' && r.document_id === null)).toBe(true);
    // Stable ids: the same hits give the same rows.
    expect(screeningFindingRows('c1', 'conv1', [hit({ pepDeclared: false })], 0.92, 'later').map((r) => r.issue_id)).toEqual(rows.map((r) => r.issue_id));
  });
});

describe('the name floor', () => {
  // Every pairing of names, birth dates, countries and identifiers on both sides: whenever the
  // full score reaches a threshold, the best name similarity alone reaches the floor, so no hit is
  // lost by comparing names first.
  it('is never above the name similarity of a pair whose full score reaches the threshold', () => {
    const names = ['Ivan Petrov', 'Ivan Petrova', 'Petrov Ivan Sergeevich', 'Iwan Petroff', 'Ivan', 'Иван Петров', 'Ivan P', 'John Smith', 'Petr Ivanov'];
    const births = [null, '1970', '1970-05', '1971-02', '1985'];
    const countries: string[][] = [[], ['RU'], ['GB']];
    const ids: string[][] = [[], ['AB123456']];
    let reached = 0;
    for (const threshold of [0.75, 0.85, 0.9]) {
      for (const own of names) {
        for (const listed of names) {
          for (const born of births) {
            for (const c of countries) {
              for (const id of ids) {
                const subject = person(own, { birthDate: born, countries: c, identifiers: id });
                const e = entry({ name: listed, aliases: ['Someone Else'], birthDates: ['1970-05-01'], nationalities: ['RU'], identifiers: [{ type: 'Passport', value: 'AB123456' }] });
                const m = matchEntry(subject, e)!;
                if (m.score < threshold) continue;
                reached++;
                const bestName = Math.max(...entryTokens(e, 'person').map((t) => nameSimilarity(nameTokens(own, 'person'), t, 'person')));
                expect(bestName, `${own} / ${listed} ${born} ${c} ${id} at ${threshold}`).toBeGreaterThanOrEqual(nameFloor(subject, threshold));
              }
            }
          }
        }
      }
    }
    expect(reached).toBeGreaterThan(100);
  });
});

describe('the quick name check', () => {
  // similarityReaches answers "does nameSimilarity reach the floor" with fewer word comparisons:
  // its answer must be the same for every pair, every kind and every floor.
  it('says a name reaches a floor exactly when its similarity does', () => {
    const persons = [
      'Ivan Petrov',
      'Ivan Petrova',
      'Petrov Ivan Sergeevich',
      'Iwan Petroff',
      'Ivan',
      'Иван Петров',
      'I Petrov',
      'John Smith',
      'Abdul Rahman Al Tikriti',
      'Abdulrahman Altikriti',
      'Al Qaida',
      'Alqaida',
      'Mohammed bin Salem',
      'Muhammad Salim',
      'Amer Hassan',
      'Samer Hassan',
      'Hassan',
      'Maria Garcia Lopez',
      'Mario Garcia',
    ];
    const companies = [
      'Atlas Trading Ltd',
      'Atlas Shipping LLC',
      'Atlas Trading Group International',
      'Trading Group',
      'Northwind Holdings GmbH',
      'Northwind Holding',
      'Plant 144',
      'Plant 163',
      'Blue River Logistics',
      'Blueriver Logistics',
      'Joint Stock Company Alfa Bank',
      'Alfa-Bank AO',
      'Alpha Bank',
      'Green Valley Trading Company',
    ];
    let reached = 0;
    let missed = 0;
    for (const [kind, names] of [
      ['person', persons],
      ['company', companies],
    ] as const) {
      for (const x of names) {
        for (const y of names) {
          const a = nameTokens(x, kind);
          const b = nameTokens(y, kind);
          const s = nameSimilarity(a, b, kind);
          for (const floor of [0.3, 0.5, 0.6, 0.65, 0.699, 0.75, 0.799, 0.85, 0.95]) {
            expect(similarityReaches(a, b, kind, floor), `${x} / ${y} (${s}) at ${floor}`).toBe(s >= floor);
            if (s >= floor) reached++;
            else missed++;
          }
        }
      }
    }
    expect(reached).toBeGreaterThan(200);
    expect(missed).toBeGreaterThan(200);
  });
});
