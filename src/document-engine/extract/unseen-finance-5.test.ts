// The fifth invented set of invoices, bills and statements (test/fixtures/unseen-finance-documents-5.ts:
// Polish, Singaporean, Kenyan, Nigerian, Greek, Czech and Philippine bills; Hong Kong, US credit union,
// Brazilian digital bank, South African and Turkish statements; Russian, Bulgarian, bilingual Saudi,
// Indonesian, Spanish, Swiss and Croatian invoices), read as a PDF: the set's figure may only rise, and
// no wrong value may be added. And the rules behind the fixes.
//
// First sight (2026-11-27, on the code before any change for this set; bench/unseen-finance.ts --set 5):
//   PDF    classified 14/19, fields 86/135, wrong values 5
//   image  classified 11/16, fields 69/114, wrong values 5 (the Cyrillic and Arabic invoices are read from their text only)
//   photo  classified 11/16, fields 69/114, wrong values 6
// After the fixes (each cause seen in two countries or more; the earlier sets' figures unchanged or higher):
//   PDF    classified 18/19, fields 126/135, wrong values 0
//   image  classified 14/16, fields 95/114, wrong values 1
//   photo  classified 14/16, fields 93/114, wrong values 2
// Here the fields are compared as the other sets' tests compare them (whole values): at first sight the
// text layer gave 83 right and 5 wrong, after the fixes 125 right and none wrong.
import { afterAll, describe, expect, it } from 'vitest';
import { UNSEEN_FINANCE_DOCUMENTS_5, UNSEEN_FINANCE_TODAY_5 } from '../../../test/fixtures/unseen-finance-documents-5.ts';
import { expectSetFigure, type SetFigure } from '../../../test/fixtures/unseen-finance-read.ts';
import { classifyText } from '../classify/classify.ts';
import { closeReaders } from '../reading/index.ts';
import { dominantCurrency } from './amounts.ts';
import { docText } from './doc-text.ts';
import { extractBankStatement, extractProofOfAddress } from './finance.ts';
import { extractInvoiceFromText } from './invoice.ts';

afterAll(closeReaders);

/** The set's figure from its text layer: at least this many classified and fields right, at most this many wrong values. */
const PDF_FIGURE: SetFigure = { classified: 18, right: 125, wrong: 0 };

describe('the fifth invented set, from its text layer', () => {
  it(`classifies at least ${PDF_FIGURE.classified}, reads at least ${PDF_FIGURE.right} fields right and at most ${PDF_FIGURE.wrong} wrong`, async () => {
    await expectSetFigure(UNSEEN_FINANCE_DOCUMENTS_5, UNSEEN_FINANCE_TODAY_5, PDF_FIGURE);
  }, 120_000);
});

const text = (t: string) => docText({ pages: [{ number: 1, text: t, method: 'text_layer' }], language: 'en' });

describe('rules behind them: bills', () => {
  it('classifies Polish, Czech and Greek bills by their supply and consumption words, and Indonesian and Croatian invoices by theirs', () => {
    const pl = 'Gazownia Przykładowa S.A.\nFaktura VAT nr GP/1/2026 — paliwo gazowe\nPunkt poboru gazu: ul. Polna 3\nOpłata abonamentowa\t12,00 zł\nDo zapłaty\t90,00 zł';
    expect(classifyText(pl).type).toBe('proof_of_address');
    const cz = 'Vodárny Příkladné a.s.\nVyúčtování vodného a stočného\nČíslo odběrného místa\t1001\nZúčtovací období: 01.07.2026 – 31.10.2026\nNedoplatek\t322,85 Kč';
    expect(classifyText(cz).type).toBe('proof_of_address');
    const gr = 'Παράδειγμα Ενέργεια Α.Ε.\nΛΟΓΑΡΙΑΣΜΟΣ ΡΕΥΜΑΤΟΣ\nΑρ. Παροχής\t1 000\nΠερίοδος κατανάλωσης: 12/09/2026 - 11/11/2026\nΣυνολικό ποσό πληρωμής\t91,01 €';
    expect(classifyText(gr).type).toBe('proof_of_address');
    expect(classifyText('PT Contoh Jaya\tFAKTUR\nNo. Faktur\tINV/1\nJatuh Tempo\t11 Desember 2026\nPPN 11%\tRp 2.750.000\nTotal Tagihan\tRp 27.750.000').type).toBe('invoice');
    expect(classifyText('Primjer d.o.o.\nRAČUN br. 1-1-1\nKupac:\tDatum računa:\t16.11.2026.\nPDV 25%:\t625,00 EUR\nUkupno za platiti:\t3.125,00 EUR').type).toBe('invoice');
  });

  it('reads a period after its Czech and Greek labels', () => {
    const cz = extractProofOfAddress(text('Vodárny Příkladné a.s.\nVyúčtování vodného a stočného\nZúčtovací období: 01.07.2026 – 31.10.2026\nVodné 18 m³\t1 015,20 Kč'));
    expect(cz.period).toEqual({ from: '2026-07-01', to: '2026-10-31' });
    const gr = extractProofOfAddress(text('Παράδειγμα Ενέργεια Α.Ε.\nΛΟΓΑΡΙΑΣΜΟΣ ΡΕΥΜΑΤΟΣ\nΠερίοδος κατανάλωσης: 12/09/2026 - 11/11/2026 (61 ημέρες)\nΦΠΑ 6%\t5,15 €'));
    expect(gr.period).toEqual({ from: '2026-09-12', to: '2026-11-11' });
  });

  it('finds a holder and address block by its town line at the foot, whatever its street line looks like', () => {
    const cz = extractProofOfAddress(text('Vodárny Příkladné a.s.\nVyúčtování vodného a stočného\nPetra Nováková\nKomenského 1187/12\n586 01 Jihlava\nVodné 18 m³\t1 015,20 Kč'));
    expect([cz.holder, cz.address]).toEqual(['Petra Nováková', 'Komenského 1187/12, 586 01 Jihlava']);
    const gr = extractProofOfAddress(text('Παράδειγμα Ενέργεια Α.Ε.\nΛΟΓΑΡΙΑΣΜΟΣ ΡΕΥΜΑΤΟΣ\nΠΑΠΑΔΑΚΗΣ ΓΙΩΡΓΟΣ\nΑΓΙΟΥ ΔΗΜΗΤΡΙΟΥ 40\n546 30 ΘΕΣΣΑΛΟΝΙΚΗ\nΦΠΑ 6%\t5,15 €'));
    expect([gr.holder, gr.address]).toEqual(['ΠΑΠΑΔΑΚΗΣ ΓΙΩΡΓΟΣ', 'ΑΓΙΟΥ ΔΗΜΗΤΡΙΟΥ 40, 546 30 ΘΕΣΣΑΛΟΝΙΚΗ']);
    const tr = extractBankStatement(text('Örnek Bankası A.Ş.\nHESAP EKSTRESİ\nAyşe Demir\nÇamlık Cad. No: 12 D: 3\n34710 Kadıköy/İstanbul\nDönem\t01.10.2026 - 31.10.2026'));
    expect([tr.account_holder, tr.address]).toEqual(['Ayşe Demir', 'Çamlık Cad. No: 12 D: 3, 34710 Kadıköy/İstanbul']);
    // Greek letters OCR read as Latin ones, with a sign no street holds: no holder, no address.
    const noise = extractProofOfAddress(text('Alyaio Evépyela A.E.\nAOTAPIAZMOZ PEYMATOZ\nKAPATIANNHX AHMHTPIOX\nATIAZ ZO®PIAT 112\n546 22 OELZANONIKH\nX 60,30 €'));
    expect([noise.holder, noise.address]).toEqual([null, null]);
  });

  it('ends a block at a town with its four-digit postcode after it, or at a town alone where no postcode is written', () => {
    const ph = extractProofOfAddress(
      text('Example Telecom, Inc.\nInternet bill\nJUAN SANTOS REYES\nUNIT 8 TOWER A, MAPLE RESIDENCES\n12 EXAMPLE BLVD, PASIG CITY 1600\nMonthly service fee 1 kWh\t₱1,000.00'),
    );
    expect([ph.holder, ph.address]).toEqual(['JUAN SANTOS REYES', 'UNIT 8 TOWER A, MAPLE RESIDENCES, 12 EXAMPLE BLVD, PASIG CITY 1600']);
    const hk = extractBankStatement(text('Example Bank Limited\nStatement\nMR WONG SIU MING\nFLAT 3A, BLOCK 2, EXAMPLE COURT\n18 EXAMPLE ROAD\nSHA TIN, HONG KONG\nStatement Date\t31 Oct 2026'));
    expect([hk.account_holder, hk.address]).toEqual(['WONG SIU MING', 'FLAT 3A, BLOCK 2, EXAMPLE COURT, 18 EXAMPLE ROAD, SHA TIN, HONG KONG']);
    // A town whose postcode OCR split into the next cell is not a town alone.
    const ca = extractBankStatement(text('Example Bank\nStatement\nMR JOHN EXAMPLE\n88 EXAMPLE ST W APT 12\nTORONTO ON\tM5H 2M5\nOpening balance\t$1.00'));
    expect(ca.address).not.toBe('88 EXAMPLE ST W APT 12, TORONTO ON');
  });
});

describe('rules behind them: invoices', () => {
  it('knows the lev, the rupiah and the Turkish lira by their letters beside an amount', () => {
    expect(dominantCurrency('Сума за плащане:\t2 880,00 лв.')).toBe('BGN');
    expect(dominantCurrency('Total Tagihan\tRp 27.750.000')).toBe('IDR');
    expect(dominantCurrency('Dönem sonu bakiye\t29.422,35 TL')).toBe('TRY');
    expect(dominantCurrency('Title of the deed\t1,200.00')).toBeNull();
  });

  it('reads Bulgarian and Russian invoice labels, and Russian months in words', () => {
    const bg = extractInvoiceFromText(
      text(
        'ФАКТУРА\nНомер: 0000000318\tОригинал\nДата на издаване: 02.11.2026\nДоставчик\tПолучател\nПример Софт ЕООД\tОбразец Трейд АД\nДанъчна основа:\t1 000,00 лв.\nДДС 20%:\t200,00 лв.\nСума за плащане:\t1 200,00 лв.\nПадеж: 16.11.2026',
      ),
    );
    expect([bg.seller?.name, bg.buyer?.name, bg.invoice_number, bg.due_date, bg.net_total, bg.grand_total, bg.currency]).toEqual([
      'Пример Софт ЕООД',
      'Образец Трейд АД',
      '0000000318',
      '2026-11-16',
      '1000',
      '1200',
      'BGN',
    ]);
    const ru = extractInvoiceFromText(text('Счёт на оплату № 77 от 3 декабря 2026 г.\nПоставщик:\tООО «Пример»\nВсего к оплате:\t12 000,00\nОплатить не позднее 17.12.2026'));
    expect([ru.invoice_number, ru.issue_date, ru.due_date]).toEqual(['77', '2026-12-03', '2026-12-17']);
  });

  it('reads Indonesian and Croatian invoice labels: buyer, number, due date, total; a label is never the buyer', () => {
    const id = extractInvoiceFromText(
      text(
        'PT Contoh Jaya\tFAKTUR\nKepada Yth.\tNo. Faktur\tINV/2026/12/0004\nPT Pembeli Makmur\tTanggal\t2 Desember 2026\nJl. Contoh No. 1\tJatuh Tempo\t16 Desember 2026\nSubtotal\tRp 1.000.000\nPPN 11%\tRp 110.000\nTotal Tagihan\tRp 1.110.000',
      ),
    );
    expect([id.buyer?.name, id.invoice_number, id.due_date, id.grand_total, id.currency]).toEqual(['PT Pembeli Makmur', 'INV/2026/12/0004', '2026-12-16', '1110000', 'IDR']);
    const hr = extractInvoiceFromText(
      text(
        'Primjer d.o.o.\nRAČUN br. 7-1-1\nKupac:\tDatum računa:\t02.12.2026.\nUzorak d.d.\tDatum dospijeća:\t16.12.2026.\nOsnovica:\t1.000,00 EUR\nPDV 25%:\t250,00 EUR\nUkupno za platiti:\t1.250,00 EUR',
      ),
    );
    expect([hr.buyer?.name, hr.invoice_number, hr.due_date, hr.net_total, hr.grand_total]).toEqual(['Uzorak d.d.', '7-1-1', '2026-12-16', '1000', '1250']);
  });
});

describe('rules behind them: labels over values, balances', () => {
  it("takes the due date under its label in a row of labels over values, not the invoice's date the row starts with", () => {
    const es = extractInvoiceFromText(text('Ejemplo, S.L.\tFACTURA\nNº factura\tFecha\tVencimiento\tForma de pago\nA-1/2026\t02/12/2026\t01/01/2027\tTransferencia\nBase imponible\t100,00 €'));
    expect([es.issue_date, es.due_date]).toEqual(['2026-12-02', '2027-01-01']);
    const pl = extractProofOfAddress(text('Gazownia Przykładowa S.A.\nFaktura VAT — paliwo gazowe\nData wystawienia\tTermin płatności\n05.11.2026\t19.11.2026\nPunkt poboru gazu'));
    expect(pl.issue_date).toBe('2026-11-05');
  });

  it('reads Turkish period balances and a Hong Kong "B/F BALANCE"', () => {
    const tr = extractBankStatement(text('Örnek Bankası A.Ş.\nHESAP EKSTRESİ\nDönem başı bakiye\t1.240,60 TL\tDönem sonu bakiye\t2.422,35 TL'));
    expect([tr.opening_balance, tr.closing_balance]).toEqual(['1240.6', '2422.35']);
    const hk = extractBankStatement(
      text('Example Bank Limited\nStatement\nDate\tTransaction Details\tDeposit\tWithdrawal\tBalance\n1 Oct\tB/F BALANCE\t\t\t6,218.30\n3 Oct\tPAYROLL\t2,500.00\t\t8,718.30'),
    );
    expect(hk.opening_balance).toBe('6218.3');
  });
});
