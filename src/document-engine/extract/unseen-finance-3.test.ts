// The third invented set of invoices, bills and statements (test/fixtures/unseen-finance-documents-3.ts:
// British council tax and water bills, a US electric bill with its stub, Irish, German, Belgian, Emirati
// and South African bills; US, Swiss, Singaporean, Nigerian and Kenyan statements; Polish, Czech,
// Romanian, Danish, Norwegian, Austrian, Hong Kong, Chinese and Korean invoices), read as a PDF and,
// for some, as a scan: what first sight on them got wrong stays right. And the rules behind them, each
// seen in more than one country or language.
import { afterAll, describe, expect, it } from 'vitest';
import { UNSEEN_FINANCE_DOCUMENTS_3, UNSEEN_FINANCE_TODAY_3 } from '../../../test/fixtures/unseen-finance-documents-3.ts';
import { readUnseen, same } from '../../../test/fixtures/unseen-finance-read.ts';
import { classifyText } from '../classify/classify.ts';
import { closeReaders } from '../reading/index.ts';
import { dominantCurrency, resolveCurrency } from './amounts.ts';
import { cjkParties } from './cjk-parties.ts';
import { docText } from './doc-text.ts';
import { extractBankStatement, extractProofOfAddress } from './finance.ts';
import { findIbans } from './identifiers.ts';
import { extractInvoiceFromText } from './invoice.ts';
import { isLonePostcode, isStreetLine } from './layout-pairs.ts';
import { looksLikeName } from './parties.ts';
import { lonePeriod } from './period-cells.ts';

afterAll(closeReaders);

const text = (t: string, language = 'en') => docText({ pages: [{ number: 1, text: t, method: 'text_layer' }], language });
const find = (name: string) => UNSEEN_FINANCE_DOCUMENTS_3.find((d) => d.name === name)!;

describe('the third invented set, from its text layer', () => {
  for (const doc of UNSEEN_FINANCE_DOCUMENTS_3) {
    it(`reads ${doc.name}`, async () => {
      const got = await readUnseen(doc, 'pdf', UNSEEN_FINANCE_TODAY_3);
      expect(got.type).toBe(doc.expected.document_type);
      for (const [field, want] of Object.entries(doc.expected.fields)) {
        expect(same(got.fields[field], want, field), `${field}: got ${JSON.stringify(got.fields[field])}, want ${JSON.stringify(want)}`).toBe(true);
      }
    });
  }
});

describe('some of them scanned', () => {
  // Fields a scan reads right since the fixes (OCR of these pages misreads others: "ü" as "ai", "č" as "¢").
  const scanned: [string, string[]][] = [
    // A US summary box ("Beginning Balance", "Ending Balance") and a period with no label.
    ['us-statement-summary-box', ['account_number', 'period_from', 'period_to', 'opening_balance']],
    // "BALANCE B/F", a Singapore block ("BLK 123 …", "SINGAPORE 560123").
    ['sg-bank-statement', ['account_holder', 'address', 'opening_balance', 'closing_balance']],
    // A postcode alone under the town; the issuer's own block and a remittance stub's are no holder's.
    ['za-municipal-account', ['holder', 'address']],
    ['us-electric-bill-stub', ['holder', 'address']],
    // Telephone and energy bills titled "Rechnung" and "Facture" read as bills.
    ['be-facture-energie', ['holder', 'address', 'period_from', 'period_to']],
    // A period over the charges, with no label.
    ['uk-water-bill-two-columns', ['period_from', 'period_to']],
    // Nordic labels: "Fakturanr." is no buyer, "Fakturamottaker" names one, "Å betale" is the total.
    ['no-faktura', ['buyer', 'total', 'currency']],
    ['ro-factura', ['invoice_number', 'due_date', 'currency']],
  ];
  for (const [name, fields] of scanned) {
    it(`reads ${name} from a scan: ${fields.join(', ')}`, async () => {
      const doc = find(name);
      const got = await readUnseen(doc, 'scan', UNSEEN_FINANCE_TODAY_3);
      expect(got.type).toBe(doc.expected.document_type);
      for (const f of fields) expect(same(got.fields[f], doc.expected.fields[f], f), `${f}: got ${JSON.stringify(got.fields[f])}`).toBe(true);
    });
  }
});

describe('rules behind them', () => {
  it('knows the money of more countries by its sign or word beside an amount', () => {
    expect(dominantCurrency('Celkem k úhradě\t60 500,00 Kč')).toBe('CZK');
    expect(dominantCurrency('Total de plată\t14.280,00 lei')).toBe('RON');
    expect(dominantCurrency('Opening Balance\t₦1,245,600.00')).toBe('NGN');
    expect(dominantCurrency('All amounts in Kenya Shillings (KSh).')).toBe('KES');
    expect(dominantCurrency('Total due\tR 4 288,47')).toBe('ZAR');
    expect(dominantCurrency('Razem do zapłaty\t18 450,00 zt')).toBe('PLN');
    // Not the Italian "Lei" (you), not a street's "R", not "R$".
    expect(dominantCurrency('Gentile cliente, Lei ha pagato')).toBeNull();
    expect(dominantCurrency('Valor total R$ 1.312,50')).toBe('BRL');
  });

  it("makes out a Korean or Chinese VAT invoice in its country's money when it prints no sign", () => {
    const kr = '전자세금계산서\n공급자 등록번호 214-86-13073 공급받는자 등록번호 120-87-54325\n상호 주식회사 예시 상호 주식회사 보기\n합계금액 5,500,000';
    expect(resolveCurrency(null, kr)).toBe('KRW');
    expect(resolveCurrency(null, '商业发票 示例进出口有限公司 销售方 购买方 合计 数量 单价 金额 总计 付款方式 电汇 发货港 目的港')).toBeNull();
  });

  it('reads an IBAN of 21 characters printed in groups of four (Switzerland, Liechtenstein)', () => {
    expect(findIbans('IBAN\tCH56 0483 5012 3456 7800 9')).toEqual(['CH5604835012345678009']);
    expect(findIbans('IBAN CH5604835012345678009')).toEqual(['CH5604835012345678009']);
  });

  it('reads a period a cell holds alone, in English and German, and no list of dates', () => {
    expect(lonePeriod(text('Cedar Bank\tOctober 1, 2026 through October 31, 2026'))).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lonePeriod(text('Your charges\n1 April 2026 to 30 September 2026'))).toEqual({ from: '2026-04-01', to: '2026-09-30' });
    expect(lonePeriod(text('Auszug\t01.10.2026 bis 31.10.2026'))).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lonePeriod(text('Paid 01.10.2026 and due 31.10.2026'))).toBeNull();
    expect(lonePeriod(text('01.10.2026 31.10.2026'))).toBeNull();
  });

  it('reads balances brought and carried forward, and Swiss carried balances with apostrophes', () => {
    const sg = extractBankStatement(text('Example Bank Limited\nSTATEMENT OF ACCOUNT\n01 Oct\tBALANCE B/F\t8,420.50\n31 Oct\tBALANCE C/F\t10,808.00'));
    expect([sg.opening_balance, sg.closing_balance]).toEqual(['8420.5', '10808']);
    const ch = extractBankStatement(text("Beispielbank AG\nKontoauszug\nSaldovortrag\t12'480.35\nSchlusssaldo\t17'152.10"));
    expect([ch.opening_balance, ch.closing_balance]).toEqual(['12480.35', '17152.1']);
  });

  it('classifies a US summary box, a mobile-money statement, a German telephone bill and a Belgian energy bill', () => {
    expect(classifyText('Example Bank, N.A.\nCHECKING SUMMARY\nBeginning Balance $10.00\nDeposits and Additions 5.00\nEnding Balance $15.00').type).toBe('bank_statement');
    expect(classifyText('Example Telecom PLC\nDETAILED STATEMENT\nReceipt No. Completion Time Details Paid In Withdrawn Balance').type).toBe('bank_statement');
    const de =
      'Beispiel Telekommunikation GmbH\nIhre Rechnung\nRechnungsdatum 05.11.2026\nRechnungsnummer 1234\nRechnung für Festnetz und Internet\nMonatliche Beträge\t39,95 €\nVerbindungen ins Ausland\t2,02 €\nRechnungsbetrag\t41,97 €';
    expect(classifyText(de).type).toBe('proof_of_address');
    const be =
      'Exemple Énergie SA\nFacture de régularisation électricité\nDate de facture 18/10/2026\nCode EAN 541448820012345678\nPériode de consommation du 01/10/2025 au 30/09/2026\nAdresse de fourniture : Rue Exemple 1, 4000 Liège\nMontant à payer 281,45 €';
    expect(classifyText(be).type).toBe('proof_of_address');
  });

  it("takes no label's word for a bill's holder, nor the issuer's own block", () => {
    const f = extractProofOfAddress(
      text('Example Electric Cooperative\nPO Box 1, Example City, IA 50306\nService For:\nJOHN Q SAMPLE\n12 ELM AVE\nAMES IA 50010\nCustomer charge\t$22.00\nTotal Amount Due\t$118.42\nkWh used 812'),
    );
    expect(f.holder).toBe('JOHN Q SAMPLE');
  });

  it('knows a postcode alone under its town (South Africa, an Irish Eircode) and a Singapore block', () => {
    for (const s of ['4051', 'P31 X2Y7', 'D6W 1234']) expect(isLonePostcode(s), s).toBe(true);
    for (const s of ['Durban', '12.50', 'Total 4051']) expect(isLonePostcode(s), s).toBe(false);
    expect(isStreetLine('BLK 123 ANG MO KIO AVE 6')).toBe(true);
  });

  it('reads invoice numbers with their series (Romania, Poland) and after the Czech "č."', () => {
    const ro = extractInvoiceFromText(text('Exemplu Soft S.R.L.\tFACTURĂ\nSeria ABC nr.\t00482\nData emiterii:\t06.11.2026\nData scadenței:\t06.12.2026\nTotal de plată\t14.280,00 lei'));
    expect([ro.invoice_number, ro.issue_date, ro.due_date, ro.grand_total, ro.currency]).toEqual(['ABC 00482', '2026-11-06', '2026-12-06', '14280', 'RON']);
    const pl = extractInvoiceFromText(text('FAKTURA VAT\nnr FV 2026/11/0148\nSprzedawca:\nPrzykład Sp. z o.o.\nRazem do zapłaty\t18 450,00 zł'));
    expect(pl.invoice_number).toBe('FV 2026/11/0148');
    const cz = extractInvoiceFromText(text('FAKTURA – DAŇOVÝ DOKLAD č. 2026-0417\nDatum splatnosti:\t17.11.2026\nCelkem k úhradě\t60 500,00 Kč'));
    expect([cz.invoice_number, cz.due_date, cz.currency]).toEqual(['2026-0417', '2026-11-17', 'CZK']);
  });

  it('takes a tax base for no tax amount, and "Å betale" for the total', () => {
    const no = extractInvoiceFromText(text('Eksempel AS\nFAKTURA\nSum eks. mva\t18 400,00\nMVA 25 %\t4 600,00\nÅ betale NOK\t23 000,00'));
    expect([no.net_total, no.tax_total, no.grand_total]).toEqual(['18400', '4600', '23000']);
    const cz = extractInvoiceFromText(text('Příklad s.r.o.\nFAKTURA\nZáklad DPH 21 %\t50 000,00\nDPH 21 %\t10 500,00\nCelkem k úhradě\t60 500,00 Kč'));
    expect(cz.tax_total).toBe('10500');
  });

  it('takes a number\'s label ending in "nr" for no name, and reads Czech, Romanian and Norwegian party labels', () => {
    for (const s of ['Fakturanr.', 'Kundenr', 'Rechnungsnr.']) expect(looksLikeName(s), s).toBe(false);
    const cz = extractInvoiceFromText(text('FAKTURA č. 1\nDodavatel:\tOdběratel:\nPříklad s.r.o.\tUkázka s.r.o.\nNa Příkladu 1, 110 00 Praha 1\tHusova 5, 602 00 Brno'));
    expect([cz.seller?.name, cz.buyer?.name]).toEqual(['Příklad s.r.o.', 'Ukázka s.r.o.']);
    const no = extractInvoiceFromText(text('Eksempel AS\tFAKTURA\nFakturamottaker\tFakturanummer\t40218\nBakeri Eksempel AS\tFakturadato\t10.11.2026\nØvregaten 12\n5003 Bergen'));
    expect(no.buyer?.name).toBe('Bakeri Eksempel AS');
  });

  it('takes the parties of a Chinese or Korean invoice from their blocks under the role words', () => {
    const cn = cjkParties(text('购买方信息 名称：上海示例贸易有限公司\t销售方信息 名称：深圳样例科技有限公司').lines);
    expect([cn.buyer?.name, cn.seller?.name]).toEqual(['上海示例贸易有限公司', '深圳样例科技有限公司']);
    const kr = cjkParties(text('공급자 등록번호 214-86-13073\t공급받는자 등록번호 120-87-54325\n상호\t주식회사 예시\t상호\t주식회사 보기').lines);
    expect([kr.seller?.name, kr.buyer?.name]).toEqual(['주식회사 예시', '주식회사 보기']);
    expect(cjkParties(text('Example Ltd\nInvoice').lines)).toEqual({ buyer: null, seller: null });
  });
});
