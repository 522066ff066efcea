// Conventions the sixth invented set of bills, statements and invoices met on two sources or more (every
// name and number here is made up): Spanish-speaking countries' and Morocco's utility bills by the words of
// what they bill for; the pesos of Chile and Argentina printed "$" alone; a holder's label over the holder's
// block ("Titular del servicio", "Suscriptor", "NAME & ADDRESS"); a street's name is never a holder; the
// parties' labels of Lithuanian invoices, e-invoice printouts and Chilean invoices; account numbers after
// "Compte n°" and "N° Cuenta"; a statement's period in "From" / "To" or "Desde" / "Hasta" rows.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { classifyText } from '../classify/classify.ts';
import { docText } from './doc-text.ts';
import { extractBankStatement, extractProofOfAddress } from './finance.ts';
import { extractInvoiceFromText } from './invoice.ts';
import { dollarCurrency } from './issuer-facts.ts';

const text = (s: string) => docText(readText(s));

describe('utility bills of Spanish-speaking countries and Morocco', () => {
  it.each([
    ['Energía Ejemplo S.A.\nFACTURA B — Servicio de energía eléctrica\nLectura anterior 01/09/2026\t100 kWh\tLectura actual 01/11/2026\t300 kWh\nIVA 21%\t$ 1.000,00\nTotal a pagar\t$ 5.000,00'],
    ['Aguas Ejemplo S.A.\nBOLETA ELECTRÓNICA N° 1\nServicio de agua potable y alcantarillado\nCargo fijo\t$ 1.000\nTratamiento aguas servidas\t$ 2.000\nTOTAL A PAGAR\t$ 3.000'],
    ['Gases Ejemplo S.A. E.S.P.\nFactura de servicios públicos — Gas natural\nEstrato\t3\nCargo fijo\t$ 4.000\nTotal a pagar\t$ 50.000'],
    ['Luz Ejemplo S.A.A.\nRECIBO DE ELECTRICIDAD\nCargo fijo\tS/ 3.50\nIGV 18%\tS/ 20.00\nTOTAL A PAGAR\tS/ 140.00'],
    ["Régie Exemple\nFacture d'eau et d'électricité\nEau potable 10 m³\t100,00 DH\nAssainissement\t50,00 DH\nTVA\t20,00 DH\nMontant TTC à payer\t1 000,00 DH"],
  ])('reads %j as a bill, not an invoice', (t) => {
    expect(classifyText(t).type).toBe('proof_of_address');
  });
});

describe('pesos printed "$" alone', () => {
  it('are Chilean by a RUT and Argentine by a CUIT; a "$" with neither stays US dollars', () => {
    expect(dollarCurrency('USD', 'Ejemplo SpA\nR.U.T.: 76.000.000-K\nTOTAL $ 1.190.000')).toBe('CLP');
    expect(dollarCurrency('USD', 'Banco Ejemplo\nRUT\t12.345.678-5\nSaldo Final\t$ 2.000.000')).toBe('CLP');
    expect(dollarCurrency('USD', 'Ejemplo S.R.L.\nCUIT: 30-71000000-1\nImporte Total: $ 121.000,00')).toBe('ARS');
    expect(dollarCurrency('USD', 'Example Inc.\nTotal $ 1,210.00')).toBe('USD');
  });
});

describe("a bill's holder", () => {
  it('is the name under a label over the block, before a customer word elsewhere on the page', () => {
    const ar = extractProofOfAddress(text('Energía Ejemplo S.A.\nFactura\nTitular del servicio\tN° de cliente\t0001\nAna Sofía Ejemplo\tTarifa\tT1\nAv. Ejemplo 100 Piso 2'));
    expect(ar.holder).toBe('Ana Sofía Ejemplo');
    const co = extractProofOfAddress(text('Gases Ejemplo S.A. E.S.P.\nFactura de servicios públicos\nSuscriptor\nJUAN CARLOS EJEMPLO\tEstrato\t3\nCRA 1 # 2-3'));
    expect(co.holder).toBe('JUAN CARLOS EJEMPLO');
    const pk = extractProofOfAddress(
      text('Example Electric Supply Company\nCustomer Services Centre, Sector 1, Lahore\nELECTRICITY BILL\nNAME & ADDRESS\tTARIFF\tA-1\nAHMED RAZA EXAMPLE\nHOUSE 1 STREET 2\nLAHORE'),
    );
    expect(pk.holder).toBe('AHMED RAZA EXAMPLE');
  });

  it('is the name after "Señor(a):", as Chile addresses a bill as it addresses an invoice', () => {
    const cl = extractProofOfAddress(text('Aguas Ejemplo S.A.\nServicio de agua potable y alcantarillado\nSeñor(a): MARÍA JOSÉ EJEMPLO\tFecha de emisión:\t09-11-2026'));
    expect(cl.holder).toBe('MARÍA JOSÉ EJEMPLO');
  });

  it("is never a street's name standing over a town line", () => {
    const ma = extractProofOfAddress(
      text("Régie Exemple\nFacture d'eau et d'électricité\nN° de contrat :\t0001\tM. KARIM EXEMPLE\n\t\tRÉSIDENCE EXEMPLE, IMM 1\n\t\tBD EXEMPLE\n\t\t20000 CASABLANCA"),
    );
    expect(ma.holder).not.toBe('BD EXEMPLE');
  });
});

describe("invoices' parties by their labels", () => {
  it('reads Lithuanian and e-invoice labels heading two columns, and a Chilean "Señor(es):"', () => {
    const lt = extractInvoiceFromText(text('PVM SĄSKAITA FAKTŪRA\nPardavėjas\tPirkėjas\nUAB Pavyzdys\tMB Kitas Pavyzdys\nĮmonės kodas: 300000000\tĮmonės kodas: 300000001'));
    expect([lt.seller?.name, lt.buyer?.name]).toEqual(['UAB Pavyzdys', 'MB Kitas Pavyzdys']);
    const eg = extractInvoiceFromText(text('E-Invoice\nIssuer\tReceiver\nExample Trading Co. (S.A.E.)\tExample Supplies\nTax Registration Number: 100-000-001\tTax Registration Number: 100-000-002'));
    expect([eg.seller?.name, eg.buyer?.name]).toEqual(['Example Trading Co. (S.A.E.)', 'Example Supplies']);
    const cl = extractInvoiceFromText(text('Ejemplo SpA\tFACTURA ELECTRÓNICA\nFecha Emisión: 14/11/2026\nSeñor(es):\tViña Ejemplo Ltda.\tR.U.T.:\t77.000.000-1'));
    expect(cl.buyer?.name).toBe('Viña Ejemplo Ltda.');
  });
});

describe("invoices' due dates", () => {
  it('reads the Lithuanian "Apmokėti iki" and the Argentine "Fecha de Vto. para el pago", not the authorisation\'s expiry', () => {
    const lt = extractInvoiceFromText(text('PVM SĄSKAITA FAKTŪRA\nData: 2026-11-12\nIš viso su PVM:\t121,00 EUR\nApmokėti iki: 2026-11-26'));
    expect(lt.due_date).toBe('2026-11-26');
    const ar = extractInvoiceFromText(
      text(
        'Ejemplo S.R.L.\tFACTURA\nFecha de Emisión: 17/11/2026\nCondición de venta: Cuenta corriente\tFecha de Vto. para el pago: 01/12/2026\nImporte Total: $\t121.000,00\nCAE N°: 70000000000001 · Fecha de Vto. de CAE: 27/11/2026',
      ),
    );
    expect(ar.due_date).toBe('2026-12-01');
  });
});

describe("a statement's account and period", () => {
  it('reads the account number after "Compte n°" and "N° Cuenta"', () => {
    expect(extractBankStatement(text('Banque Exemple\nRELEVÉ DE COMPTE\nCompte n°\t0021 0000 1111 2222\nDevise\tDirham (MAD)')).account_number).toBe('0021 0000 1111 2222');
    expect(extractBankStatement(text('Banco Ejemplo\nCARTOLA CUENTA CORRIENTE\nN° Cuenta\t00-123-45678-01\nRUT\t12.345.678-5')).account_number).toBe('00-123-45678-01');
  });

  it('reads its period from rows of "From" and "To" or "Desde" and "Hasta", where each date is all of its cell', () => {
    const eg = extractBankStatement(text('Example Bank S.A.E.\nACCOUNT STATEMENT\nAccount No.\t1000000001\nFrom\t01-OCT-2026\nTo\t31-OCT-2026'));
    expect(eg.period).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    const cl = extractBankStatement(text('Banco Ejemplo\nCARTOLA\nN° Cuenta\t00-123-45678-01\nDesde\t01/10/2026\nHasta\t31/10/2026'));
    expect(cl.period).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    // "To" starting a sentence with a date in it is no end of a period.
    const prose = extractBankStatement(text('Example Bank\nStatement\nFrom\t01/10/2026\nTo be paid by 15/11/2026 at the latest'));
    expect(prose.period).toBeNull();
  });
});
