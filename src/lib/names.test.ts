// Tests for company-name normalisation and matching across spellings, accents and legal forms.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { compareCompanyNames, compareNames, comparePersonNames, describeComparison, findCompanyName, locateCompanyName, normalizeCompanyName, normalizeText } from './names.ts';

describe('normalizeText', () => {
  it('lowercases, strips accents and turns punctuation into single spaces', () => {
    expect(normalizeText('  Société  Générale,  S.A. ')).toBe('societe generale s a');
  });

  it('spells & as "and"', () => {
    expect(normalizeText('Smith&Jones')).toBe('smith and jones');
    expect(normalizeText('Smith & Jones')).toBe('smith and jones');
  });

  it('maps letters that have no decomposition', () => {
    expect(normalizeText('Łódź Straße Ørsted')).toBe('lodz strasse orsted');
  });

  it('keeps digits and non-Latin letters', () => {
    expect(normalizeText('3M Москва')).toBe('3m москва');
  });
});

describe('normalizeCompanyName', () => {
  it.each([
    ['ACME Ltd', 'acme', 'ltd'],
    ['ACME Ltd.', 'acme', 'ltd'],
    ['Acme Limited', 'acme', 'ltd'],
    ['Acme PLC', 'acme', 'plc'],
    ['Acme, LLC', 'acme', 'llc'],
    ['Acme L.L.C.', 'acme', 'llc'],
    ['Acme Inc.', 'acme', 'inc'],
    ['Acme Incorporated', 'acme', 'inc'],
    ['Acme Corp', 'acme', 'corp'],
    ['Acme Corporation', 'acme', 'corp'],
    ['Müller GmbH', 'muller', 'gmbh'],
    ['Müller GmbH & Co. KG', 'muller', 'gmbh and co kg'],
    ['Acme AG', 'acme', 'ag'],
    ['Acme SA', 'acme', 'sa'],
    ['Acme S.A.', 'acme', 'sa'],
    ['Acme S.A.S.', 'acme', 'sas'],
    ['Acme SARL', 'acme', 'sarl'],
    ['Acme S.à r.l.', 'acme', 'sarl'],
    ['Acme S.r.l.', 'acme', 'srl'],
    ['Acme S.p.A.', 'acme', 'spa'],
    ['Acme B.V.', 'acme', 'bv'],
    ['Acme NV', 'acme', 'nv'],
    ['Acme AB', 'acme', 'ab'],
    ['Acme AS', 'acme', 'as'],
    ['Acme A/S', 'acme', 'as'],
    ['Acme Oy', 'acme', 'oy'],
    ['Acme sp. z o.o.', 'acme', 'sp z oo'],
    ['Acme Kft.', 'acme', 'kft'],
    ['Acme LLP', 'acme', 'llp'],
    ['Acme L.P.', 'acme', 'lp'],
    ['Acme & Co', 'acme', 'and co'],
    ['Acme Company', 'acme', 'co'],
    ['Acme Co., Ltd.', 'acme', 'co ltd'],
    ['Acme Pty Ltd', 'acme', 'pty ltd'],
  ])('%s → core "%s", legal form "%s"', (name, core, legalForm) => {
    const n = normalizeCompanyName(name);
    expect(n.core).toBe(core);
    expect(n.legalForm).toBe(legalForm);
    expect(n.full).toBe(`${core} ${legalForm}`);
  });

  it('leaves names without a legal form whole', () => {
    expect(normalizeCompanyName('Acme Holdings')).toEqual({ full: 'acme holdings', core: 'acme holdings', legalForm: null });
  });

  it('does not strip a legal form that is the whole name', () => {
    expect(normalizeCompanyName('Limited')).toEqual({ full: 'limited', core: 'limited', legalForm: null });
  });

  it('gives the same full name for every spelling of a legal form', () => {
    expect(normalizeCompanyName('ACME Ltd.').full).toBe(normalizeCompanyName('Acme Limited').full);
    expect(normalizeCompanyName('Acme B.V.').full).toBe(normalizeCompanyName('ACME BV').full);
  });
});

describe('findCompanyName', () => {
  it('matches the same legal form written differently', () => {
    expect(findCompanyName('Invoice from ACME Ltd, London', 'ACME Limited')).toBe('exact');
    expect(findCompanyName('Invoice from ACME Limited.', 'Acme Ltd.')).toBe('exact');
  });

  it('matches through accents and case', () => {
    expect(findCompanyName('Fournisseur : SOCIETE GENERALE SA', 'Société Générale S.A.')).toBe('exact');
    expect(findCompanyName('Fournisseur : Société Générale S.A.', 'Societe Generale SA')).toBe('exact');
  });

  it('matches & and "and" as the same word', () => {
    expect(findCompanyName('Paid to Smith and Jones Ltd.', 'Smith & Jones Limited')).toBe('exact');
    expect(findCompanyName('Paid to SMITH & JONES LTD', 'Smith and Jones Ltd')).toBe('exact');
  });

  it('never calls a different legal form exact', () => {
    expect(findCompanyName('Seller: ACME Ltd', 'ACME GmbH')).toBe('without_legal_form');
    expect(findCompanyName('Seller: ACME S.A.S.', 'ACME SA')).toBe('without_legal_form');
    expect(findCompanyName('Seller: ACME Limited Partnership', 'ACME Limited')).toBe('without_legal_form');
  });

  it('reports a name present without its legal form', () => {
    expect(findCompanyName('Thank you for choosing ACME.', 'ACME Ltd')).toBe('without_legal_form');
  });

  it('prefers an exact occurrence anywhere in the text', () => {
    expect(findCompanyName('ACME welcomes you. ACME Ltd, registered in England.', 'ACME Limited')).toBe('exact');
  });

  it('respects word boundaries', () => {
    expect(findCompanyName('ACMETECH Ltd and PACME Ltd', 'ACME Ltd')).toBe('absent');
    expect(findCompanyName('ACME Ltdx', 'ACME Ltd')).toBe('without_legal_form');
  });

  it('finds names without a legal form', () => {
    expect(findCompanyName('Acme Holdings, 1 Main Street', 'ACME HOLDINGS')).toBe('exact');
  });

  it('reports absent names and empty inputs', () => {
    expect(findCompanyName('Invoice from Globex Corporation', 'ACME Ltd')).toBe('absent');
    expect(findCompanyName('', 'ACME Ltd')).toBe('absent');
    expect(findCompanyName('ACME Ltd', '')).toBe('absent');
    expect(findCompanyName('ACME Ltd', ' . ')).toBe('absent');
  });

  it('matches names split across lines', () => {
    expect(findCompanyName('Bill to:\nACME\nLimited', 'ACME Ltd')).toBe('exact');
  });
});

describe('compareCompanyNames and comparePersonNames', () => {
  it('matches spellings of the same legal form exactly', () => {
    expect(compareCompanyNames('ACME Ltd', 'ACME Limited')).toMatchObject({ outcome: 'exact', score: 1 });
    expect(compareCompanyNames('Société Générale S.A.', 'SOCIETE GENERALE SA').outcome).toBe('exact');
    expect(compareCompanyNames('Smith & Jones Ltd', 'Smith and Jones Limited').outcome).toBe('exact');
  });

  it('calls a different legal form a different entity, whatever the core', () => {
    const c = compareCompanyNames('ACME GmbH', 'ACME Ltd');
    expect(c.outcome).toBe('mismatch');
    expect(c.score).toBe(1);
    expect(c.reason).toContain('different entities');
  });

  it('calls near spellings, related forms and a missing form close', () => {
    expect(compareCompanyNames('Acme Tradng Ltd', 'Acme Trading Ltd').outcome).toBe('close');
    expect(compareCompanyNames('Acme Trading Co. Ltd', 'Acme Trading Ltd').outcome).toBe('close');
    expect(compareCompanyNames('Acme Trading', 'Acme Trading Ltd').outcome).toBe('close');
    expect(compareCompanyNames('Globex Corporation', 'Initech LLC').outcome).toBe('mismatch');
  });

  it('compares persons without titles and in any order', () => {
    expect(comparePersonNames('Herrn Max Mustermann', 'MUSTERMANN Max').outcome).toBe('exact');
    expect(comparePersonNames('Jane Public', 'Jane Quinn Public').outcome).toBe('close');
    expect(comparePersonNames('John Smith', 'Jane Quinn Public').outcome).toBe('mismatch');
  });

  it('describes a comparison with both names and the score', () => {
    const text = describeComparison('Globex GmbH & Co. KG', 'Globex GmbH', compareNames('Globex GmbH & Co. KG', 'Globex GmbH'));
    expect(text).toMatch(/^"Globex GmbH & Co\. KG" vs "Globex GmbH": close \(similarity 1\.00; /);
  });

  it('is symmetric and bounded', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const x = compareNames(a, b);
        const y = compareNames(b, a);
        expect(x.outcome).toBe(y.outcome);
        expect(x.score).toBeGreaterThanOrEqual(0);
        expect(x.score).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('locateCompanyName', () => {
  it('tells a missing legal form from another one and finds OCR misspellings', () => {
    expect(locateCompanyName('Thank you, ACME Trading.', 'ACME Trading Ltd').match).toBe('without_legal_form');
    expect(locateCompanyName('Seller: ACME Trading GmbH', 'ACME Trading Ltd')).toMatchObject({ match: 'other_legal_form', found: 'acme trading gmbh' });
    expect(locateCompanyName('Seller: ACME Tradinq Ltd', 'ACME Trading Ltd')).toMatchObject({ match: 'close', found: 'acme tradinq' });
    expect(locateCompanyName('Seller: Globex GmbH', 'ACME Trading Ltd').match).toBe('absent');
  });
});
