// The name a North American licence prints with no number and no label, straight above the address:
// one line in either order, or two lines, as several states and provinces print it; and never a name
// from a card or page that shows no address block under capitals. Invented licences throughout.
import { describe, expect, it } from 'vitest';
import { docText } from './doc-text.ts';
import { extractIdentity } from './identity.ts';
import { unlabelledLicenceName } from './licence-name.ts';

const text = (lines: string[]) => docText({ pages: [{ number: 1, text: lines.join('\n'), method: 'ocr' }], language: 'en' });
const read = (lines: string[]) => unlabelledLicenceName(text(lines));
const identity = (lines: string[]) => extractIdentity(text(lines), null);

describe('a licence that prints the name bare above the address', () => {
  it('reads one line as given names then family name, as a state prints it', () => {
    const lines = [
      'Commercial',
      'EXAMPLE STATE',
      "Driver's License",
      'DANA R FOSTER',
      'Elm Street , Springfield,',
      'IL 627041',
      'LIC #: 0456123',
      'DOB: 02/14/1981',
      'EXP: 02/14/2029',
      'ISS: 02/14/2021',
    ];
    expect(read(lines)).toEqual({ surname: 'FOSTER', given: 'DANA R' });
    expect(identity(lines)).toMatchObject({ document_kind: 'driving_licence', surname: 'FOSTER', given_names: 'DANA R', birth_date: '1981-02-14' });
  });

  it('keeps a family name with its particles and suffix together', () => {
    expect(read(['DRIVER LICENSE', 'JOSE DE LA VEGA', '12 OAK LN', 'AUSTIN, TX 78701'])).toEqual({ surname: 'DE LA VEGA', given: 'JOSE' });
    expect(read(['DRIVER LICENSE', 'MARK T OWENS JR', '12 OAK LN', 'AUSTIN, TX 78701'])).toEqual({ surname: 'OWENS JR', given: 'MARK T' });
  });

  it('reads "FAMILY, GIVEN" on one line by its comma', () => {
    expect(read(['NEW YORK STATE', 'DRIVER LICENSE', 'ID: 987 654 321', 'LARKIN, NORA J', '77 RIVER BEND RD', 'ALBANY, NY 12203'])).toEqual({ surname: 'LARKIN', given: 'NORA J' });
  });

  it('reads two lines as family name then given names (the standard’s order), a trailing comma or none', () => {
    expect(read(["DRIVER'S LICENCE / PERMIS DE CONDUIRE", 'BOUCHARD,', 'ELISE MARIE', '45 RUE PRINCIPALE', 'GATINEAU, QC J8X 1A1'])).toEqual({ surname: 'BOUCHARD', given: 'ELISE MARIE' });
    expect(read(['DRIVER LICENSE', 'OKONKWO', 'ADA', '300 HILL RD APT 4', 'DENVER CO 80203'])).toEqual({ surname: 'OKONKWO', given: 'ADA' });
  });

  it('reads a house-numbered street line with the city, state and ZIP code on the same line', () => {
    expect(read(['DRIVER LICENSE', 'LENA PARK', '9 BAY ROAD PORTLAND ME 04101'])).toEqual({ surname: 'PARK', given: 'LENA' });
  });
});

describe('no name where the evidence is weak', () => {
  it('leaves it empty where a heading, label or state name stands above the address', () => {
    expect(read(['DRIVER LICENSE', '123 MAIN ST', 'SPRINGFIELD, IL 62704'])).toBeNull();
    expect(read(['WEST VIRGINIA', '123 MAIN ST', 'CHARLESTON, WV 25301'])).toBeNull();
    expect(read(['CLASS D', '123 MAIN ST', 'SPRINGFIELD, IL 62704'])).toBeNull();
    expect(read(['ORGAN DONOR', '123 MAIN ST', 'SPRINGFIELD, IL 62704'])).toBeNull();
  });

  it('leaves it empty where the line above is not capitals alone, or is one word', () => {
    expect(read(['Dana Foster', '123 MAIN ST', 'SPRINGFIELD, IL 62704'])).toBeNull();
    expect(read(['FOSTER', '123 MAIN ST', 'SPRINGFIELD, IL 62704'])).toBeNull();
    expect(read(['DOB 02/14/1981', '123 MAIN ST', 'SPRINGFIELD, IL 62704'])).toBeNull();
  });

  it('leaves it empty where one line may part given and family names in more than one way', () => {
    // Two given names or two family names (Spanish naming): which, the line does not say.
    expect(read(['DRIVER LICENSE', 'JUAN GARCIA LOPEZ', '12 OAK LN', 'AUSTIN, TX 78701'])).toBeNull();
    expect(read(['DRIVER LICENSE', 'JOSE LUIS DE LA VEGA', '12 OAK LN', 'AUSTIN, TX 78701'])).toBeNull();
  });

  it('leaves it empty where three lines of capitals stand above the address', () => {
    expect(read(['DANA', 'RUTH', 'FOSTER', '123 MAIN ST', 'SPRINGFIELD, IL 62704'])).toBeNull();
  });

  it('finds no address block without a state or province code and its postal code', () => {
    expect(read(['DANA R FOSTER', '123 MAIN ST', 'SPRINGFIELD'])).toBeNull();
    expect(read(['DANA R FOSTER', '123 MAIN ST', 'SPRINGFIELD, XX 62704'])).toBeNull();
  });

  it('is not used on a document that is no licence, nor where a numbered or labelled name stands', () => {
    // A letter to a person: capitals above an address, but no licence.
    expect(identity(['DANA R FOSTER', '123 MAIN ST', 'SPRINGFIELD, IL 62704', 'Date of birth 02/14/1981'])).toMatchObject({ surname: null, given_names: null });
    expect(identity(['DRIVER LICENSE', '1 FOSTER', '2 DANA RUTH', '8 123 MAIN ST', 'SPRINGFIELD, IL 62704', '3 DOB 02/14/1981', '4b EXP 02/14/2029'])).toMatchObject({
      surname: 'FOSTER',
      given_names: 'DANA RUTH',
    });
  });
});

describe('the address block as a photo reads it', () => {
  it('takes a state code OCR glued to its ZIP code', () => {
    expect(read(['Commercial', 'EXAMPLE STATE Driver License', 'DANA R FOSTER', 'Elm Street,Springfield,', 'IL627041', 'LIC#: 0456123'])).toEqual({ surname: 'FOSTER', given: 'DANA R' });
  });
});
