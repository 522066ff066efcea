// Classification of document texts by type, with a confidence that stays low on thin evidence.
import { describe, expect, it } from 'vitest';
import { classifyText } from './classify.ts';

describe('classifyText', () => {
  it.each([
    ['INVOICE\nInvoice No: 42\nBill to: Globex GmbH\nSubtotal 100.00\nVAT 20.00\nTotal due 120.00', 'invoice'],
    ['Rechnung\nRechnungsnummer 471102\nRechnungsdatum 05.03.2018\nBruttosumme 235,62', 'invoice'],
    ['FACTURE N° FA-2017-0010\nTotal HT 624,90 €\nTotal TTC 671,15 €', 'invoice'],
    ['SALES CONTRACT\nThis contract is made by and between the Seller and the Buyer.\nGoverning law', 'contract'],
    ['VOYAGE CHARTER PARTY\nOwners: X\nCharterers: Y\nLaycan 1-5 May\nDemurrage as per GENCON', 'charter_agreement'],
    ['BILL OF LADING\nShipper: A\nConsignee: B\nNotify party: C\nPort of loading: Felixstowe', 'bill_of_lading'],
    ['Harbour Bank plc\nSTATEMENT OF ACCOUNT\nOpening balance 10.00\nClosing balance 20.00', 'bank_statement'],
    ['Bright Energy Ltd\nElectricity bill\nSupply address: 1 Main St\nMeter number M1\n3200 kWh\nTotal due 120.00', 'proof_of_address'],
    ['CERTIFICATE OF INCORPORATION\nThe Registrar of Companies hereby certifies that X Ltd is this day incorporated', 'certificate_of_incorporation'],
    ['EXTRACT FROM THE COMMERCIAL REGISTER\nCompany status: Active\nDate of incorporation: 2015', 'register_extract'],
    ['ARTICLES OF ASSOCIATION\nof X Ltd\nGeneral meeting\nShare capital', 'articles_of_association'],
    ['REGISTER OF SHAREHOLDERS\nShareholder Shares Percentage', 'shareholder_register'],
    ['TRADING LICENCE\nLicence number: L-1\nLicence holder: X Ltd\nValid until 2027', 'license'],
    ['INSURANCE POLICY SCHEDULE\nPolicy number P-1\nPolicyholder X Ltd\nSum insured 1,000,000', 'insurance_policy'],
    ['PACKING LIST\nCrate 1 Valves', 'other'],
    // Invoices in the languages clients send, with the title beside the seller's name as OCR puts it.
    ['BRIGHTMOOR LTD.\tFATURA\nData da Emissão: 23/04/2021\nN° Contribuinte: 509876123\nIVA 0,00 €\nVALOR 240,00 €', 'invoice'],
    ['BRIGHTMOOR LTD.\tFACTUR\nFECHA DE EMISIÓN: 03/06/2022\nFECHA DE VENCIMIENTO: 01/09/2022\nPRECIO UNITARIO\nSUBTOTAL 200,00 €\nTOTAL IVA 16,00 €', 'invoice'],
    ['Faktura VAT nr 12/2024\nSprzedawca: Alfa Sp. z o.o.\nNabywca: Beta S.A.\nDo zapłaty: 1 230,00 zł', 'invoice'],
    ['Factuur\nFactuurnummer 2024-17\nFactuurdatum 02-01-2024\nTe betalen € 121,00', 'invoice'],
    ['QTY DESCRIPTION Gross Discount Net GBP\nGBP TOTAL 96,412.00\nVAT number GB012345678\nTERMS OF PAYMENT: 30 days from date of Involce.', 'invoice'],
    // A title names the type even when the body speaks of another one's subject.
    [
      'LICENSE AND DISTRIBUTION AGREEMENT\nThis License and Distribution Agreement is entered into by and between Acme Corp (the Licensor)\nThe Licensee shall pay royalties.\nLicense fee.',
      'contract',
    ],
    ['Lizenzvertrag\nzwischen Alpha GmbH und Beta GmbH\nDer Lizenznehmer erhält eine Lizenz.', 'contract'],
    ['UMOWA SPRZEDAŻY\nzawarta w dniu 1 marca 2024 pomiędzy Alfa Sp. z o.o., zwaną dalej Sprzedającym', 'contract'],
    ['Gesellschaftsvertrag der Alpha GmbH\n§ 1 Firma und Sitz\n§ 2 Gegenstand des Unternehmens', 'articles_of_association'],
  ])('%#: %s… is %s', (text, type) => {
    expect(classifyText(text).type).toBe(type);
  });

  it('is sure of an identity document with a machine-readable zone', () => {
    const c = classifyText('PASSPORT\nSurname: PUBLIC', { hasMrz: true });
    expect(c.type).toBe('proof_of_identity');
    expect(c.confidence).toBeGreaterThan(0.8);
  });

  it('trusts an embedded e-invoice and doubts a two-word text', () => {
    expect(classifyText('Lieferant GmbH', { hasEInvoice: true }).type).toBe('invoice');
    expect(classifyText('Nothing relevant').type).toBe('other');
  });

  it('gives less confidence when two types compete', () => {
    const clear = classifyText('INVOICE\nInvoice No: 1\nBill to: A\nSubtotal 1\nTotal due 2');
    const mixed = classifyText('Invoice and contract\nThe parties agree; hereinafter the Seller. Invoice No: 1');
    expect(mixed.confidence).toBeLessThan(clear.confidence);
  });
});
