// Contract parties and effective date from the opening clause: only names the clause makes parties.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { docText } from './doc-text.ts';
import { extractContract } from './contract.ts';
import { definedRole, effectiveDateOfClause, partiesOfClause, partyRolesOfClause } from './contract-clause.ts';

const contract = (text: string) => extractContract(docText(readText(text)));

const HOSTING = [
  'WEB HOSTING AGREEMENT',
  'This web Hosting Agreement is entered as of this 17 day of October, 2022',
  '("Effective Date") by and between Brightmoor Corporation, a Washington corporation,',
  'having its principal place of business at 400 Larch Avenue, Redmond,',
  'Washington, 98052 ("Brightmoor") and Halverson Outfitters, a',
  'Washington corporation, having its principal place of business at 12',
  'Cedar Lane, Suite 3, Bellevue, Washington, 98004',
  '("Halverson").',
  'This agreement shall void and nullify any and all previous agreements to this',
  'date between Brightmoor and Halverson.',
].join('\n');

describe('the opening clause of a contract', () => {
  it('names the parties described as entities or given a defined name, and the effective date written out', () => {
    const c = contract(HOSTING);
    expect(c.parties.map((p) => p.name)).toEqual(['Brightmoor Corporation', 'Halverson Outfitters']);
    expect(c.effective_date).toBe('2022-10-17');
  });

  it('takes parties with a legal form or a defined role, in several languages', () => {
    expect(partiesOfClause('This Agreement is made between Acme Trading Ltd (the "Seller") and Globex GmbH (the "Buyer"). The Seller shall deliver.')).toEqual(['Acme Trading Ltd', 'Globex GmbH']);
    expect(partiesOfClause('Kaufvertrag\nzwischen der Alpha Handels GmbH, Berlin, und der Beta AG, München.')).toEqual(['Alpha Handels GmbH', 'Beta AG']);
    expect(partiesOfClause('LEASE made this 1st day of May, 2023 between John Smith ("Landlord") and Jane Doe ("Tenant").')).toEqual(['John Smith', 'Jane Doe']);
  });

  it('ends a name at its legal form and never joins the words around a defined role into a company', () => {
    const clause = 'This Agreement is made between Nordic Freight GmbH of Hamburg ("the Forwarder") and Alpine Foods AG of Zurich ("the Customer").';
    expect(partiesOfClause(clause)).toEqual(['Nordic Freight GmbH', 'Alpine Foods AG']);
    expect(partiesOfClause('This Agreement is made between Nordic Freight GmbH of Hamburg (the Forwarder) and Alpine Foods AG of Zurich (the Customer).')).toEqual([
      'Nordic Freight GmbH',
      'Alpine Foods AG',
    ]);
    expect(contract(['FREIGHT AGREEMENT', clause, 'The Forwarder carries the goods.'].join('\n')).parties.map((p) => p.name)).toEqual(['Nordic Freight GmbH', 'Alpine Foods AG']);
  });

  it('gives each party the role the clause defines for it ("the Seller", "the Buyer"), never a short name', () => {
    const clause =
      'This Sales Contract is made on 1 August 2026 by and between Northwind Traders Ltd, a company registered in England, hereinafter referred to as the "Seller", and Southport Foods GmbH, having its registered office in Bremen, hereinafter referred to as the "Buyer".';
    expect(contract(['SALES CONTRACT', clause, 'The Seller shall deliver the goods to the Buyer.'].join('\n')).parties.map((p) => [p.name, p.role])).toEqual([
      ['Northwind Traders Ltd', 'seller'],
      ['Southport Foods GmbH', 'buyer'],
    ]);
    expect(partyRolesOfClause('Kaufvertrag zwischen der Alpha Handels GmbH (nachfolgend „Verkäufer“) und der Beta AG (nachfolgend „Käufer“).')).toEqual([
      { name: 'Alpha Handels GmbH', role: 'seller' },
      { name: 'Beta AG', role: 'buyer' },
    ]);
    expect(partyRolesOfClause('LEASE made this 1st day of May, 2023 between John Smith ("Landlord") and Jane Doe ("Tenant").').map((p) => p.role)).toEqual(['landlord', 'tenant']);
    expect(definedRole(', a Washington corporation ("Brightmoor")')).toBeNull();
  });

  it('never takes capitalised words of a sentence for a party', () => {
    expect(partiesOfClause('This agreement between the Seller and the Buyer covers the sale of Pumps. Delivery to Hamburg Port and Rotterdam.')).toEqual([]);
    expect(partiesOfClause('Prices agreed between Monday and Friday apply to Orders and Deliveries.')).toEqual([]);
    // The clause that names two parties is the opening one, not an earlier "between".
    expect(partiesOfClause('Recital: the difference between Gross and Net amounts is tax.\nThis Agreement is made between Alpha Ltd and Beta Inc., a Delaware corporation.')).toEqual([
      'Alpha Ltd',
      'Beta Inc.',
    ]);
  });

  it('reads both sides of a Party A / Party B contract', () => {
    const c = contract(
      [
        'PURCHASE CONTRACT',
        'Party A:\tShenzhen Bright Lighting Co., Ltd.',
        'Address:\tNanshan District, Shenzhen',
        'Party B:\tNordic Lamps AB',
        'Address:\tStorgatan 1, Stockholm',
        'Goods:\tLED panels',
      ].join('\n'),
    );
    expect(c.parties.map((p) => p.name)).toEqual(['Shenzhen Bright Lighting Co., Ltd.', 'Nordic Lamps AB']);
  });

  it('knows an effective date only where the clause names it so', () => {
    expect(effectiveDateOfClause('entered into as of March 1, 2024 by and between', 'mdy')).toBe('2024-03-01');
    expect(effectiveDateOfClause('Invoice dated 1 March 2024 between the parties', 'dmy')).toBeNull();
  });
});
