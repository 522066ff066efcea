// The fourth invented set of invoices, bills and statements (test/fixtures/unseen-finance-documents-4.ts:
// Swedish, New Zealand, Brazilian, Indian, Québec, Portuguese, Mexican and Hungarian bills; Indian,
// Canadian, Emirati, Belgian, Mexican and a fintech's statements; Portuguese, Hungarian, Israeli,
// Vietnamese, Thai and Finnish invoices), read as a PDF and, for some, as a scan: the set's figure may
// only rise, and no wrong value may be added. And the rules behind the fixes.
//
// First sight (2026-11-27, on the code before any change for this set; bench/unseen-finance.ts --set 4):
//   PDF    classified 16/20, fields 100/143, wrong values 7
//   image  classified 15/20, fields 98/143, wrong values 10
//   photo  classified 16/20, fields 94/143, wrong values 11
// After the fixes (each cause seen in two countries or more; the earlier sets' figures unchanged):
//   PDF    classified 20/20, fields 130/143, wrong values 2
//   image  classified 20/20, fields 120/143, wrong values 5
//   photo  classified 20/20, fields 115/143, wrong values 9
// Here the fields are compared as the other sets' tests compare them (whole values, so "Lumen Money"
// is not "Lumen Money UAB"): at first sight the text layer gave 96 right and 9 wrong, after the fixes
// 128 right and 4 wrong.
import { afterAll, describe, expect, it } from 'vitest';
import { UNSEEN_FINANCE_DOCUMENTS_4, UNSEEN_FINANCE_TODAY_4 } from '../../../test/fixtures/unseen-finance-documents-4.ts';
import { readUnseen, same, expectSetFigure, type SetFigure } from '../../../test/fixtures/unseen-finance-read.ts';
import { classifyText } from '../classify/classify.ts';
import { closeReaders } from '../reading/index.ts';
import { dominantCurrency } from './amounts.ts';
import { docText } from './doc-text.ts';
import { extractBankStatement, extractProofOfAddress } from './finance.ts';
import { extractInvoiceFromText } from './invoice.ts';
import { isLabelText } from './label-words.ts';
import { isStreetLine, isTownLine } from './layout-pairs.ts';
import { looksLikeName } from './parties.ts';

afterAll(closeReaders);

/** The set's figure from its text layer: at least this many classified and fields right, at most this many wrong values. */
const PDF_FIGURE: SetFigure = { classified: 20, right: 128, wrong: 4 };

describe('the fourth invented set, from its text layer', () => {
  it(`classifies at least ${PDF_FIGURE.classified}, reads at least ${PDF_FIGURE.right} fields right and at most ${PDF_FIGURE.wrong} wrong`, async () => {
    await expectSetFigure(UNSEEN_FINANCE_DOCUMENTS_4, UNSEEN_FINANCE_TODAY_4, PDF_FIGURE);
  }, 120_000);
});

describe('some of them scanned', () => {
  // Fields a page image reads right since the fixes (OCR misreads others: "ő" as "é" or "6", "₪" as nothing).
  const scanned: [string, string[]][] = [
    // A Swedish period label; a summary row of labels over amounts (India, a fintech); Belgian balance words.
    ['se-elrakning', ['period_from', 'period_to']],
    ['in-bank-statement-lakh', ['opening_balance', 'closing_balance']],
    ['fintech-eur-statement', ['opening_balance', 'closing_balance']],
    ['be-rekeninguittreksel', ['opening_balance', 'closing_balance']],
    // Mexican and Hungarian streets and town lines; Latin American energy bills read as bills.
    ['mx-estado-de-cuenta', ['account_holder', 'address']],
    ['mx-recibo-luz', ['issuer', 'holder', 'address']],
    ['hu-villanyszamla', ['holder']],
    ['br-conta-de-luz', ['holder', 'address', 'period_from', 'period_to']],
    // Hungarian and Finnish invoice words and labels; the baht by its word.
    ['hu-szamla', ['seller', 'buyer', 'invoice_number', 'total', 'currency']],
    ['fi-lasku', ['buyer', 'invoice_number', 'total']],
    ['th-tax-invoice-receipt', ['currency']],
  ];
  for (const [name, fields] of scanned) {
    it(`reads ${name} from a scan: ${fields.join(', ')}`, async () => {
      const doc = UNSEEN_FINANCE_DOCUMENTS_4.find((d) => d.name === name)!;
      const got = await readUnseen(doc, 'scan', UNSEEN_FINANCE_TODAY_4);
      expect(got.type).toBe(doc.expected.document_type);
      for (const f of fields) expect(same(got.fields[f], doc.expected.fields[f], f), `${f}: got ${JSON.stringify(got.fields[f])}`).toBe(true);
    });
  }
});

const text = (t: string) => docText({ pages: [{ number: 1, text: t, method: 'text_layer' }], language: 'en' });

describe('rules behind them', () => {
  it('knows the shekel, the baht, the dong and the forint, and no forint in feet', () => {
    expect(dominantCurrency('Total to pay\t₪ 28,320.00')).toBe('ILS');
    expect(dominantCurrency('Grand Total\t44,940.00\n(Forty-four thousand nine hundred forty Baht only)')).toBe('THB');
    expect(dominantCurrency('Đồng tiền thanh toán (Currency): VND\nTổng cộng\t55.000.000')).toBe('VND');
    expect(dominantCurrency('Bruttó végösszeg\t609 600 Ft')).toBe('HUF');
    expect(dominantCurrency('20 ft container\t1,200.00')).not.toBe('HUF');
  });

  it('classifies Finnish and Hungarian invoices and bills, and a Belgian statement in Dutch', () => {
    expect(classifyText('Esimerkki Oy\tLASKU\nLaskun numero\t10482\nEräpäivä\t25.11.2026\nYhteensä EUR\t4 016,00').type).toBe('invoice');
    expect(classifyText('SZÁMLA\tSzámla sorszáma: A-1\nEladó\tVevő\nPélda Kft.\tMinta Bt.\nBruttó végösszeg\t609 600 Ft').type).toBe('invoice');
    const hu =
      'Példa Áramszolgáltató Zrt.\nSzámla – villamos energia\nSzámla kelte\t2026.11.06.\nElszámolási időszak: 2026.10.01.–2026.10.31.\nFelhasználási hely: 6720 Szeged, Fő utca 1.\nVillamos energia 182 kWh\t6 552 Ft\nFizetendő összeg\t9 874 Ft';
    expect(classifyText(hu).type).toBe('proof_of_address');
    // A Finnish mobile bill is titled "Lasku" too (as OCR of a photo reads it, "Liittymä" lost): its own words outweigh the invoice's.
    const fiBill =
      'Esimerkki Mobiili Oy\nLasku\nLaskun numero\t8812034471\nMikko Esimerkki\tLaskun paiva\t02.11.2026\nErapaiva\t16.11.2026\nLaskutuskausi 01.10.2026 - 31.10.2026\nLiittyméa 040 123 4567\nKuukausimaksu\t24,90 €\nUlkomaan puhelut\t3,10€\nYhteensa (sis. alv 25,5 %)\t28,00 €\nViitenumero 12345 67890';
    expect(classifyText(fiBill).type).toBe('proof_of_address');
    expect(classifyText('Voorbeeldbank NV\nRekeninguittreksel 10 / 2026\nZichtrekening\tBE51 7350 4188 2362\nVorig saldo op 30-09-2026\t2.418,36\nNieuw saldo op 31-10-2026\t3.105,90').type).toBe(
      'bank_statement',
    );
  });

  it('reads balances from a summary row of labels over amounts, and Dutch previous and new balances', () => {
    const inSummary = extractBankStatement(
      text('Example Bank Ltd.\nStatement of Account\nSTATEMENT SUMMARY\nOpening Balance\tDr Count\tCr Count\tDebits\tCredits\tClosing Bal\n84,215.40\t2\t1\t1,06,335.25\t1,25,000.00\t1,02,880.15'),
    );
    expect([inSummary.opening_balance, inSummary.closing_balance]).toEqual(['84215.4', '102880.15']);
    const fintech = extractBankStatement(
      text('Example Money\tEUR Statement\nBalance summary\nProduct\tOpening balance\tMoney out\tMoney in\tClosing balance\nAccount\t€1,204.55\t€2,318.90\t€2,750.00\t€1,635.65'),
    );
    expect([fintech.opening_balance, fintech.closing_balance]).toEqual(['1204.55', '1635.65']);
    const be = extractBankStatement(text('Voorbeeldbank NV\nRekeninguittreksel\nVorig saldo op 30-09-2026\t2.418,36\nNieuw saldo op 31-10-2026\t3.105,90'));
    expect([be.opening_balance, be.closing_balance]).toEqual(['2418.36', '3105.9']);
  });

  it("takes a bill's date of issue by its label in the bill's language, not the due date of a row above", () => {
    const br = extractProofOfAddress(
      text('Companhia Exemplo de Energia\nCONTA DE ENERGIA ELÉTRICA\nREFERÊNCIA\tVENCIMENTO\tTOTAL A PAGAR\nOUT/2026\t18/11/2026\tR$ 247,83\nData de emissão: 28/10/2026'),
    );
    expect(br.issue_date).toBe('2026-10-28');
  });

  it('reads Hungarian and Finnish invoice labels: parties, number, due date, totals; a tax-free sum is no total', () => {
    const hu = extractInvoiceFromText(
      text(
        'SZÁMLA\tSzámla sorszáma: TSZ-2026-00417\nEladó\tVevő\nPélda Informatikai Kft.\tMinta Kereskedelmi Bt.\nFizetési határidő\t2026.11.25.\nNettó összesen\t480 000 Ft\nÁFA 27%\t129 600 Ft\nBruttó végösszeg\t609 600 Ft',
      ),
    );
    expect([hu.seller?.name, hu.buyer?.name, hu.invoice_number, hu.due_date, hu.grand_total, hu.currency]).toEqual([
      'Példa Informatikai Kft.',
      'Minta Kereskedelmi Bt.',
      'TSZ-2026-00417',
      '2026-11-25',
      '609600',
      'HUF',
    ]);
    const fi = extractInvoiceFromText(text('Esimerkki Oy\tLASKU\nLaskun numero\t10482\nVeroton yhteensä\t3 200,00\nALV 25,5 %\t816,00\nYhteensä EUR\t4 016,00'));
    expect([fi.invoice_number, fi.net_total, fi.grand_total]).toEqual(['10482', '3200', '4016']);
    expect(looksLikeName('Laskun päivämäärä') && !isLabelText('Laskun päivämäärä')).toBe(false);
  });
});

describe('more rules behind them', () => {
  it('reads a period after its Swedish and Hungarian labels', () => {
    const se = extractProofOfAddress(text('Exempel Energi AB\nElräkning\nFörbrukning under perioden 2026-10-01 – 2026-10-31\nElhandel 412 kWh\t398,52 kr'));
    expect(se.period).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    const hu = extractProofOfAddress(text('Példa Zrt.\nSzámla – villamos energia\nElszámolási időszak: 2026.10.01.–2026.10.31.\nVillamos energia 182 kWh\t6 552 Ft'));
    expect(hu.period).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('knows a Hungarian street, a Mexican avenue and a town line with its "C.P."', () => {
    for (const s of ['Petőfi Sándor utca 18. 2. em. 5.', 'Váci út 72.', 'AV CONSTITUCION 1450 INT 3', 'Av. da Boavista 1200']) expect(isStreetLine(s), s).toBe(true);
    for (const s of ['MONTERREY NL C.P. 64000', 'GUADALAJARA, JAL. C.P. 44160']) expect(isTownLine(s), s).toBe(true);
    expect(isTownLine('AV CONSTITUCION 1450 INT 3')).toBe(false);
    const hu = extractProofOfAddress(text('Példa Zrt.\nSzámla – villamos energia\nKovács Eszter\nPetőfi Sándor utca 18. 2. em. 5.\n6720 Szeged\nVillamos energia 182 kWh\t6 552 Ft'));
    expect([hu.holder, hu.address]).toEqual(['Kovács Eszter', 'Petőfi Sándor utca 18. 2. em. 5., 6720 Szeged']);
  });

  it('classifies Mexican and Brazilian energy bills by their street-lighting levy and period', () => {
    const mx =
      'Ejemplo Eléctrica\nROBERTO EJEMPLO\tTOTAL A PAGAR:\t$412\nPERIODO FACTURADO: 15 SEP 26 - 14 NOV 26\nConsumo 350 kWh\t$318.60\nDerecho de alumbrado público\t$36.20\nIVA 16%\t$56.77\nTotal\t$411.57';
    expect(classifyText(mx).type).toBe('proof_of_address');
    const br = 'Companhia Exemplo\nCONTA DE ENERGIA ELÉTRICA\nTOTAL A PAGAR\tR$ 247,83\nConsumo 298 kWh\t221,14\nContrib. iluminação pública\t21,12';
    expect(classifyText(br).type).toBe('proof_of_address');
  });
});
