import { describe, expect, it } from 'vitest';
import { countryOfAddress, FORMATS, parsePostalAddress, splitAddress } from './postal-address.ts';

const a = (street_address: string, postcode: string, city: string, country_code: string, state_or_province = '') => ({ street_address, postcode, city, country_code, state_or_province });

describe('parsePostalAddress', () => {
  // One address as documents write it for each country, with the country named, prefixed or given.
  const cases: [string, string | null, ReturnType<typeof a>][] = [
    ['10 Downing Street, London SW1A 2AA, United Kingdom', null, a('10 Downing Street', 'SW1A 2AA', 'London', 'GB')],
    ['Unit 4, 12 Harbour Street, Bristol, BS14RN', 'GB', a('Unit 4, 12 Harbour Street', 'BS1 4RN', 'Bristol', 'GB')],
    ['1 Grand Canal Square, Dublin 2 D02 X285, Ireland', null, a('1 Grand Canal Square', 'D02 X285', 'Dublin 2', 'IE')],
    ['Musterstraße 1, 10115 Berlin, Germany', null, a('Musterstraße 1', '10115', 'Berlin', 'DE')],
    ['Europa-Allee 19, D-60486 Frankfurt am Main', null, a('Europa-Allee 19', '60486', 'Frankfurt am Main', 'DE')],
    ['Kärntner Straße 5, 1010 Wien, Österreich', null, a('Kärntner Straße 5', '1010', 'Wien', 'AT')],
    ['Bahnhofstrasse 10, 8001 Zürich ZH, Schweiz', null, a('Bahnhofstrasse 10', '8001', 'Zürich', 'CH', 'ZH')],
    ['12 rue de Rivoli, 75001 Paris Cedex 01, France', null, a('12 rue de Rivoli', '75001', 'Paris Cedex 01', 'FR')],
    ['Kade 12, 3011AA Rotterdam, Nederland', null, a('Kade 12', '3011 AA', 'Rotterdam', 'NL')],
    ['Rue de la Loi 16, 1000 Bruxelles, Belgique', null, a('Rue de la Loi 16', '1000', 'Bruxelles', 'BE')],
    ['2, boulevard Royal, L-2449 Luxembourg', null, a('2, boulevard Royal', '2449', 'Luxembourg', 'LU')],
    ['Via Roma 1, 20121 Milano (MI), Italia', null, a('Via Roma 1', '20121', 'Milano', 'IT', 'MI')],
    ['Calle de Alcalá 50, 28014 Madrid, España', null, a('Calle de Alcalá 50', '28014', 'Madrid', 'ES')],
    ['Avenida da Liberdade 110, 1269-046 Lisboa, Portugal', null, a('Avenida da Liberdade 110', '1269-046', 'Lisboa', 'PT')],
    ['ul. Marszałkowska 10, 00-590 Warszawa, Polska', null, a('ul. Marszałkowska 10', '00-590', 'Warszawa', 'PL')],
    ['Drottninggatan 5, 111 51 Stockholm, Sverige', null, a('Drottninggatan 5', '111 51', 'Stockholm', 'SE')],
    ['Vesterbrogade 3, 1620 København V, Danmark', null, a('Vesterbrogade 3', '1620', 'København V', 'DK')],
    ['Karl Johans gate 22, 0159 Oslo, Norway', null, a('Karl Johans gate 22', '0159', 'Oslo', 'NO')],
    ['Mannerheimintie 1, 00100 Helsinki, Finland', null, a('Mannerheimintie 1', '00100', 'Helsinki', 'FI')],
    ['Václavské náměstí 1, 110 00 Praha 1, Czech Republic', null, a('Václavské náměstí 1', '110 00', 'Praha 1', 'CZ')],
    ['350 Fifth Avenue, Suite 3300, New York, NY 10118, USA', null, a('350 Fifth Avenue, Suite 3300', '10118', 'New York', 'US', 'NY')],
    ['1600 Amphitheatre Parkway, Mountain View CA 94043-1351', 'US', a('1600 Amphitheatre Parkway', '94043-1351', 'Mountain View', 'US', 'CA')],
    ['100 King Street West, Toronto, ON M5X1A9, Canada', null, a('100 King Street West', 'M5X 1A9', 'Toronto', 'CA', 'ON')],
  ];

  it('covers every country it has a format for', () => {
    expect(new Set(cases.map(([, , x]) => x.country_code))).toEqual(new Set(Object.keys(FORMATS)));
  });

  it.each(cases)('splits %s', (text, country, expected) => {
    expect(parsePostalAddress(text, country)).toEqual(expected);
  });

  it('writes the street on the postcode line before the postcode', () => {
    expect(parsePostalAddress('Hauptstrasse 12 8001 Zürich', 'CH')).toEqual(a('Hauptstrasse 12', '8001', 'Zürich', 'CH'));
  });

  it('prefers the country the text names to the expected one', () => {
    expect(parsePostalAddress('Kärntner Straße 5, 1010 Wien, Austria', 'DE')).toEqual(a('Kärntner Straße 5', '1010', 'Wien', 'AT'));
  });

  it('leaves an address it cannot split with confidence to the caller', () => {
    // No country known, or one without a format here.
    expect(parsePostalAddress('Musterstraße 1, 10115 Berlin')).toBeNull();
    expect(parsePostalAddress('ул. Тверская 7, 125009 Москва, Russia')).toBeNull();
    // The postcode does not fit the country's pattern.
    expect(parsePostalAddress('Musterstraße 1, 1010 Berlin', 'DE')).toBeNull();
    expect(parsePostalAddress('Main Street 5, Springfield, ZZ 62704', 'US')).toBeNull();
    // Something other than the country after the town.
    expect(parsePostalAddress('Musterstraße 1, 10115 Berlin, Postfach 12 34', 'DE')).toBeNull();
    // A prefix naming another country than the country line.
    expect(parsePostalAddress('Bahnhofstrasse 10, D-8001 Zürich, Switzerland')).toBeNull();
    expect(parsePostalAddress('', 'DE')).toBeNull();
    expect(parsePostalAddress(null, 'DE')).toBeNull();
  });
});

describe('countryOfAddress', () => {
  it('reads a country line or a postcode prefix, and nothing else', () => {
    expect(countryOfAddress('Musterstraße 1, 10115 Berlin, Deutschland')).toBe('DE');
    expect(countryOfAddress('Bahnhofstrasse 10, CH-8001 Zürich')).toBe('CH');
    expect(countryOfAddress('Unit A-5, Business Park, Leeds')).toBeNull();
    expect(countryOfAddress('Springfield, IL 62704')).toBeNull();
    expect(countryOfAddress('Musterstraße 1, 10115 Berlin')).toBeNull();
  });
});

describe('splitAddress', () => {
  it('splits an address kept whole in its street, putting a postcode given apart back in place', () => {
    expect(splitAddress(a('Kade 1, Rotterdam', '3011 AA', '', 'NL'))).toEqual(a('Kade 1', '3011 AA', 'Rotterdam', 'NL'));
    expect(splitAddress(a('Musterstraße 1, 10115 Berlin', '', '', 'DE'))).toEqual(a('Musterstraße 1', '10115', 'Berlin', 'DE'));
    expect(splitAddress(a('100 Main Street, Springfield, IL', '62704', '', 'US'))).toEqual(a('100 Main Street', '62704', 'Springfield', 'US', 'IL'));
  });

  it('leaves alone what is split already or cannot be split', () => {
    const split = a('12 Harbour Street', 'BS1 4RN', 'Bristol', 'GB');
    expect(splitAddress(split)).toBe(split);
    const russian = a('ул. Тверская 7, Москва', '125009', '', 'RU');
    expect(splitAddress(russian)).toBe(russian);
    // The postcode read from the text is not the one the source gave.
    const conflicting = a('Musterstraße 1, 10115 Berlin', '10117', '', 'DE');
    expect(splitAddress(conflicting)).toBe(conflicting);
  });
});
