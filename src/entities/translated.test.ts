import { describe, expect, it } from 'vitest';
import { emptyAddress, newCompany, newPerson } from './case-entities.ts';
import { toLatin, withTranslations } from './translated.ts';

describe('translated addresses', () => {
  it('keeps Latin script as written and transliterates other scripts', () => {
    expect(toLatin('Bahnhofstrasse 10, Zürich')).toBe('Bahnhofstrasse 10, Zürich');
    expect(toLatin('ул. Тверская, д. 7')).toBe('ul. Tverskaya, d. 7');
    expect(toLatin('Αθήνα')).toBe('Athina');
    expect(toLatin('')).toBe('');
  });

  it('fills a translation that is missing or a plain copy, keeps one of its own, and clears one without an original', () => {
    const c = newCompany('c1', 'Zerno Export LLC', 'UA');
    c.legal_address = { street_address: 'вул. Хрещатик, 22', city: 'Київ', postcode: '01001', country_code: 'UA', state_or_province: '' };
    c.legal_address_translated = { ...c.legal_address };
    c.operational_address_translated = { ...emptyAddress('UA'), street_address: 'stale' };
    const out = withTranslations(c);
    expect(out.type === 'company' && out.legal_address_translated).toEqual({ street_address: 'vul. Khreshchatik, 22', city: 'Kiiv', postcode: '01001', country_code: 'UA', state_or_province: '' });
    expect(out.type === 'company' && out.operational_address_translated).toEqual(c.operational_address);
    const own = { ...c, legal_address_translated: { ...c.legal_address, street_address: 'vulytsia Khreshchatyk, 22', city: 'Kyiv' } };
    expect(withTranslations(own)).toEqual({ ...own, operational_address_translated: c.operational_address });

    const p = newPerson('p1', 'Olena Kovalenko');
    expect(withTranslations(p)).toBe(p);
    p.residential_address = { street_address: 'вул. Січових Стрільців, 3', city: 'Львів', postcode: '79000', country_code: 'UA', state_or_province: '' };
    const person = withTranslations(p);
    expect(person.type === 'person' && person.residential_address_translated?.city).toBe("L'viv");
  });
});
