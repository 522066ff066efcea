// Contracts of several countries (every name, number and address here is made up): parties under a
// role's label with its article or under a lease's roles, parties listed after "between:" or under an
// English deed's "PARTIES", dates named in clauses (a defined term is no label; "continue until",
// "endet am", "soit jusqu'au"; "tritt am … in Kraft", "prend effet le"), the signature's place and
// date, and a total named in a sentence.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { extractContract } from './contract.ts';
import { docText } from './doc-text.ts';

const contract = (text: string) => extractContract(docText(readText(text)));
const names = (text: string) => contract(text).parties.map((p) => `${p.role}: ${p.name}`);

describe('contracts by their role words', () => {
  it('reads a party under a role label with its article, and a role word is no party', () => {
    expect(names('SALES CONTRACT\nThe Seller:\tEXAMPLE CERAMICS CO., LTD.\nThe Buyer:\tMODELLO CERAMICHE S.R.L.\nTHE SELLER\tTHE BUYER')).toEqual([
      'seller: EXAMPLE CERAMICS CO., LTD.',
      'buyer: MODELLO CERAMICHE S.R.L.',
    ]);
    expect(names('Liefervertrag\nzwischen Beispiel Antriebe GmbH und Muster Technik AG\n§ 1\nLieferant\tAbnehmer')).toEqual(['Beispiel Antriebe GmbH', 'Muster Technik AG'].map((n) => `null: ${n}`));
  });

  it("reads a lease's landlord and tenant", () => {
    expect(names('COMMERCIAL LEASE AGREEMENT\nLandlord:\tExample Properties LLC\nTenant:\tSample Roasters, Inc.')).toEqual(['landlord: Example Properties LLC', 'tenant: Sample Roasters, Inc.']);
  });

  it('reads the parties listed after "between:" and under a deed\'s PARTIES', () => {
    const da =
      'DISTRIBUTION AGREEMENT\nThis Agreement is entered into by and between:\nEXAMPLE Wassertechnik GmbH, a company organised under the laws of Austria (the "Supplier"); and\nSample Stream Inc., a corporation incorporated under the laws of Ontario (the "Distributor").';
    expect(names(da)).toEqual(['supplier: EXAMPLE Wassertechnik GmbH', 'distributor: Sample Stream Inc.']);
    const nda =
      'MUTUAL NON-DISCLOSURE AGREEMENT\nTHIS AGREEMENT is dated 12 January 2026\nPARTIES\n(1) EXAMPLE ROBOTICS LIMITED incorporated and registered in England and Wales with company number 11234567 ("Company A"); and\n(2) SAMPLE VISION B.V. incorporated and registered in the Netherlands ("Company B").\nBACKGROUND';
    expect(contract(nda).parties.map((p) => p.name)).toEqual(['EXAMPLE ROBOTICS LIMITED', 'SAMPLE VISION B.V.']);
  });
});

describe('the dates and total of a contract named in its clauses', () => {
  it('takes a defined term in a sentence for no label, and reads the end of the term', () => {
    const c = contract(
      'AGREEMENT\nThis Agreement is entered into as of March 1, 2026 (the "Effective Date").\n2.1 This Agreement shall commence on the Effective Date and shall continue until February 28, 2029.',
    );
    expect(c).toMatchObject({ effective_date: '2026-03-01', expiry_date: '2029-02-28' });
    expect(contract('MSA\n3. Term. The initial term begins on the Effective Date and ends on July 14, 2028.\nDate: July 15, 2026')).toMatchObject({
      signing_date: '2026-07-15',
      expiry_date: '2028-07-14',
    });
  });

  it('reads German and French terms and the place and date of the signatures', () => {
    const de = contract('Liefervertrag\n§ 3 Laufzeit\nDer Vertrag tritt am 01.05.2026 in Kraft und endet am 30.04.2028.\nKöln, den 22.04.2026\tBremen, den 22.04.2026');
    expect(de).toMatchObject({ signing_date: '2026-04-22', effective_date: '2026-05-01', expiry_date: '2028-04-30' });
    const fr = contract(
      "CONTRAT DE FOURNITURE\nLe présent contrat prend effet le 1er mars 2026 pour une durée de deux ans, soit jusqu'au 28 février 2028.\nFait à Lyon, le 16 février 2026, en deux exemplaires originaux.",
    );
    expect(fr).toMatchObject({ signing_date: '2026-02-16', effective_date: '2026-03-01', expiry_date: '2028-02-28' });
  });

  it('reads a total named in a sentence', () => {
    expect(contract('Liefervertrag\nDer Gesamtauftragswert beträgt 386.500,00 EUR zuzüglich der gesetzlichen Umsatzsteuer.')).toMatchObject({ total_value: '386500', currency: 'EUR' });
    expect(contract('CONTRAT\nLe montant total du contrat est fixé à 92 400,00 € HT.')).toMatchObject({ total_value: '92400', currency: 'EUR' });
    expect(contract('AGREEMENT\n2. Fees. Client shall pay total fees of $240,000.00 for the Initial Term.')).toMatchObject({ total_value: '240000', currency: 'USD' });
  });
});
