// Conventions the seventh invented set of bills, statements and invoices met on two sources or more (every
// name and number here is made up): Estonian, Latvian and Slovenian invoices titled "Arve", "Rēķins" and
// "Račun", and the parties', due dates' and totals' labels of those and of Serbian invoices; a Colombian
// "Adquiriente"; the pesos of Colombia and Uruguay printed "$" alone, and the codes COP, UYU and RSD; the
// Danish "Primosaldo" / "Ultimosaldo" and a "Balance forward"; a bill's period after the word of its
// consumption or meter reading; an address block ending in a town with a postcode of five to seven digits
// or an Irish Eircode.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { classifyText } from '../classify/classify.ts';
import { docText } from './doc-text.ts';
import { extractBankStatement, extractProofOfAddress } from './finance.ts';
import { extractInvoiceFromText } from './invoice.ts';
import { dollarCurrency } from './issuer-facts.ts';

const text = (s: string) => docText(readText(s));

describe('Estonian, Latvian, Slovenian and Serbian invoices', () => {
  const ee =
    'Näidis Tarkvara OÜ\nARVE nr 2026-0001\nMaksja:\tNäidis Kala AS\nArve kuupäev:\t11.11.2026\nMaksetähtaeg:\t25.11.2026\nSumma käibemaksuta\t100,00\nKäibemaks 24%\t24,00\nTasuda kokku EUR\t124,00';
  const lv = 'RĒĶINS Nr. AB-00001\nPiegādātājs:\tSIA Paraugs\nMaksātājs:\tSIA Otrs Paraugs\nSumma bez PVN\t100,00\nPVN 21%\t21,00\nKopā apmaksai EUR\t121,00\nApmaksas termiņš: 26.11.2026';
  const si = 'Vzorec d.o.o.\nRAČUN št. 2026-001\nKupec:\tDrugi Vzorec d.d.\nDatum računa:\t09.11.2026\nDatum zapadlosti:\t24.11.2026\nOsnova za DDV\t100,00\nDDV 22 %\t22,00\nZa plačilo EUR\t122,00';
  const rs =
    'FAKTURA BROJ 001/2026\nProdavac:\tKupac:\nPrimer Soft d.o.o.\tDrugi Primer d.o.o.\nDatum izdavanja:\t13.11.2026.\nValuta plaćanja:\t28.11.2026.\nOsnovica:\t100,00\nPDV 20%:\t20,00\nUkupno za uplatu (RSD):\t120,00';

  it.each([[ee], [lv], [si]])('reads %j as an invoice', (t) => {
    expect(classifyText(t).type).toBe('invoice');
  });

  it('reads their parties, numbers, due dates and totals by their own labels', () => {
    const e = extractInvoiceFromText(text(ee));
    expect([e.buyer?.name, e.invoice_number, e.due_date, e.grand_total]).toEqual(['Näidis Kala AS', '2026-0001', '2026-11-25', '124']);
    const l = extractInvoiceFromText(text(lv));
    expect([l.seller?.name, l.buyer?.name, l.invoice_number, l.due_date, l.grand_total]).toEqual(['SIA Paraugs', 'SIA Otrs Paraugs', 'AB-00001', '2026-11-26', '121']);
    const s = extractInvoiceFromText(text(si));
    expect([s.buyer?.name, s.invoice_number, s.due_date, s.grand_total]).toEqual(['Drugi Vzorec d.d.', '2026-001', '2026-11-24', '122']);
    const r = extractInvoiceFromText(text(rs));
    expect([r.seller?.name, r.buyer?.name, r.invoice_number, r.due_date, r.currency]).toEqual(['Primer Soft d.o.o.', 'Drugi Primer d.o.o.', '001/2026', '2026-11-28', 'RSD']);
  });

  it('takes a Colombian "Adquiriente" for the buyer, not for a name', () => {
    const co = extractInvoiceFromText(text('Ejemplo S.A.S.\tFACTURA ELECTRÓNICA DE VENTA\nAdquiriente:\tCafé Ejemplo S.A.S.\nFecha de emisión:\t2026-11-10\nTotal a pagar\t$ 1.190.000'));
    expect(co.buyer?.name).toBe('Café Ejemplo S.A.S.');
  });
});

describe('pesos printed "$" alone', () => {
  it('are Colombian by a NIT or a CUFE and Uruguayan by "$U" or a RUT of twelve digits; a "$" with neither stays US dollars', () => {
    expect(dollarCurrency('USD', 'Ejemplo S.A.S.\nNIT 900.000.000-1\nTotal a pagar\t$ 4.998.000')).toBe('COP');
    expect(dollarCurrency('USD', 'Ejemplo S.A.S.\nTotal a pagar\t$ 4.998.000\nCUFE: 0a1b2c')).toBe('COP');
    expect(dollarCurrency('USD', 'Ejemplo S.R.L.\nRUT 210000000018\nTOTAL $U\t58.560,00')).toBe('UYU');
    expect(dollarCurrency('USD', 'Ejemplo S.R.L.\nTOTAL $U\t58.560,00')).toBe('UYU');
    expect(dollarCurrency('USD', 'Example Inc.\nTotal $ 1,210.00')).toBe('USD');
  });
});

describe("a statement's balances", () => {
  it('reads the Danish "Primosaldo" and "Ultimosaldo", and a "Balance forward"', () => {
    const dk = extractBankStatement(text('Eksempel Bank\nKontoudtog\nDato\tTekst\tBeløb\tSaldo\n\tPrimosaldo\t\t8.418,75\n01.10.26\tLøn\t1.000,00\t9.418,75\n\tUltimosaldo\t\t9.418,75'));
    expect([dk.opening_balance, dk.closing_balance]).toEqual(['8418.75', '9418.75']);
    const ie = extractBankStatement(
      text('Example Bank DAC\nCurrent Account Statement\nDate\tDetails\tDebit €\tCredit €\tBalance €\n01 Oct\tBalance forward\t3,418.22\n02 Oct\tSALARY\t100.00\t3,518.22'),
    );
    expect(ie.opening_balance).toBe('3418.22');
  });
});

describe("a bill's period", () => {
  it('is read after the word of the consumption or the meter reading it charges for', () => {
    const fr = extractProofOfAddress(text("Eaux Exemple\nFacture d'eau et d'assainissement\nConsommation du 15/05/2026 au 14/11/2026 · relevé 68 m³\nTVA\t24,53 €"));
    expect(fr.period).toEqual({ from: '2026-05-15', to: '2026-11-14' });
    const th = extractProofOfAddress(text('Example Electricity Authority\nELECTRICITY BILL\nMeter reading 08/10/2026 - 07/11/2026 · 406 units\nVAT 7%\t130.51'));
    expect(th.period).toEqual({ from: '2026-10-08', to: '2026-11-07' });
  });
});

describe('an address block', () => {
  it('ends in a town with a postcode of five to seven digits after it, or a town and an Irish Eircode', () => {
    const th = extractProofOfAddress(
      text('Example Electricity Authority\nELECTRICITY BILL\nMR. SOMCHAI EXAMPLE\tMeter No.\t1000001\n1/12 SOI EXAMPLE 41, KHLONG TAN NUEA\nWATTHANA, BANGKOK 10110\nVAT 7%\t130.51'),
    );
    expect(th.address).toBe('1/12 SOI EXAMPLE 41, KHLONG TAN NUEA, WATTHANA, BANGKOK 10110');
    const il = extractProofOfAddress(
      text('Example Water Ltd.\nWater and Sewage Bill\nConsumer\tConsumer No.\t1000-0001\nNoa Example\tIssue date\t15.11.2026\n41 Example Avenue, Apt. 6\nHaifa 3400001\nSewage\t₪ 121.18'),
    );
    expect([il.holder, il.address]).toEqual(['Noa Example', '41 Example Avenue, Apt. 6, Haifa 3400001']);
    const ie = extractBankStatement(
      text('Example Bank DAC\nCurrent Account Statement\nMr Cian Example\tStatement date\t31 October 2026\n18 Example Avenue\nDrumcondra\nDublin 9, D09 K418\tIBAN\tIE43 DLNB 9311 5241 8823 37'),
    );
    expect([ie.account_holder, ie.address]).toEqual(['Cian Example', '18 Example Avenue, Drumcondra, Dublin 9, D09 K418']);
  });
});

describe('a labelled address', () => {
  it('ends at a town with a postcode of seven digits, not in the rows of values under it', () => {
    const il = extractBankStatement(
      text(
        'Example Bank Ltd.\nCurrent Account Statement\nAccount holder\tYael Example\nAddress\t18 Example Street, Apt. 4, Ramat Gan 5200001\nBranch / Account\t641 / 10000001\nStatement period\t01/10/2026 - 31/10/2026',
      ),
    );
    expect(il.address).toBe('18 Example Street, Apt. 4, Ramat Gan 5200001');
  });
});
