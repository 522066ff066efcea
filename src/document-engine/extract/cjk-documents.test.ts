// Chinese, Japanese and Korean company documents as OCR reads them (every name, number and amount here
// is made up): a business licence's credit code, term and seal date, a VAT invoice's total and its
// currency, and the words that tell each kind.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { classifyText } from '../classify/classify.ts';
import { resolveCurrency } from './amounts.ts';
import { cjkCountry } from './cjk-country.ts';
import { findCompanyNumber, findCreditCode, validCreditCode } from './company-numbers.ts';
import { findDates } from './dates.ts';
import { docText } from './doc-text.ts';
import { extractInvoiceFromText } from './invoice.ts';
import { extractLicence } from './permits.ts';
import { fold, toLines } from './text.ts';

const text = (s: string) => docText(readText(s));

/** An invented credit code whose check character is right, and the same code with a wrong one. */
const CODE = '91330106MA27XQ3HL0';
const WRONG = '91330106MA27XQ3HL1';

/** A business licence photographed: the label's first character misread, the seal date's 日 lost, its footer and the seal's noise after it. */
const LICENCE = [
  '营业执照',
  '（副本）',
  `绕一社会信用代码${CODE}`,
  '名 称杭州示例贸易有限公司',
  '类 型有限责任公司',
  '法定代表人王示例',
  '注册资本500万元整',
  '成立日期2015年06月18日',
  '营业期限2015年06月18日至2045年06月17日',
  '经营范围 示例商品的销售',
  '登记机关',
  '2020年 11月 09',
  '国家企业信用信息公示系统网址：',
  '示例市场监督管理局监制',
  'RRR wgtx',
  'x\tfikgeRsL',
  'Qx) tA 8 $e 3',
  'qi WRS=',
].join('\n');

/** A VAT e-invoice read by OCR: "¥" read as "Y", and a stray "£" in the noise of a seal. */
const FAPIAO = [
  '示例增值税电子普通发票 发票代码：012345678901',
  '发票号码：00012345',
  '开票日期：2021年03月15日',
  '购 名 称：上海示例科技有限公司',
  '买 纳税人识别号：91440300MA5F8KW2RW',
  '货物或应税劳务、服务名称 规格型号 单位 数量 单价 金额 税率 税额',
  '*信息技术服务*软件维护 无 1000.00 1000.00 6% 60.00',
  '合 计 Y 1000.00 Y 60.00',
  '价税合计 (大写) 壹仟零陆拾圆整 (小写) Y 1060.00',
  '名 称：苏州示例服务有限公司',
  'TEPAT RIES Tre 479 fi £4 %47400001234',
].join('\n');

describe('a Chinese unified social credit code', () => {
  it('is told by its check character', () => {
    expect(validCreditCode(CODE)).toBe(true);
    expect(validCreditCode(WRONG)).toBe(false);
    expect(findCreditCode(`代码 ${WRONG} 另 ${CODE}`)).toBe(CODE);
  });

  it('is the company number of a Chinese register document, under its label or, misread, by its shape', () => {
    expect(findCompanyNumber(toLines([{ number: 1, text: `统一社会信用代码 ${CODE}\n名称 示例有限公司` }]))).toBe(CODE);
    expect(findCompanyNumber(toLines([{ number: 1, text: `绕一社会信用代码${CODE}\n名称 示例有限公司` }]))).toBe(CODE);
    expect(findCompanyNumber(toLines([{ number: 1, text: `绕一社会信用代码${WRONG}\n名称 示例有限公司` }]))).toBeNull();
  });
});

describe('dates written 年月日 as OCR reads them', () => {
  it.each([
    ['2020年 11月 0 9日', '2020-11-09'],
    ['2020 年 11 月 09 日', '2020-11-09'],
    ['登记机关\n2020年 11月 09\nRRR', '2020-11-09'],
    ['2020年11月09', '2020-11-09'],
  ])('%s is %s', (t, iso) => {
    expect(findDates(t).map((d) => d.iso)).toEqual([iso]);
  });

  it('needs a day: a month alone, or figures that run on into other words, are no date', () => {
    expect(findDates('2020年11月')).toEqual([]);
    expect(findDates('2020年11月09号码')).toEqual([]);
  });
});

describe('a Chinese business licence', () => {
  it('reads the credit code, the business term and the date over the seal', () => {
    expect(classifyText(LICENCE).type).toBe('license');
    expect(extractLicence(text(LICENCE))).toMatchObject({
      licence_number: CODE,
      holder: '杭州示例贸易有限公司',
      valid_from: '2015-06-18',
      expiry_date: '2045-06-17',
      issue_date: '2020-11-09',
    });
  });

  it('has no expiry when the term is without end', () => {
    const open = LICENCE.replace('2015年06月18日至2045年06月17日', '2015年06月18日至长期');
    expect(extractLicence(text(open))).toMatchObject({ valid_from: '2015-06-18', expiry_date: null });
  });

  it('is a licence when OCR misread its title, from the boxes of its form', () => {
    expect(classifyText(LICENCE.replace('营业执照', '营亚执照')).type).toBe('license');
    expect(classifyText('營業執照\n統一社會信用代碼 12345678\n營業期限 長期').type).toBe('license');
  });
});

describe('a Chinese VAT invoice', () => {
  it('reads number, date and total, in yuan whatever OCR made of the sign', () => {
    expect(classifyText(FAPIAO).type).toBe('invoice');
    const f = extractInvoiceFromText(text(FAPIAO));
    expect(f).toMatchObject({ invoice_number: '00012345', issue_date: '2021-03-15', currency: 'CNY' });
    expect(f.grand_total).toBe('1060');
  });

  it('counts the yen sign on a mainland page as the yuan', () => {
    expect(extractInvoiceFromText(text(FAPIAO.replaceAll('Y ', '¥'))).currency).toBe('CNY');
  });
});

describe('the country of a page in Chinese, Japanese or Korean, and its money', () => {
  it.each([
    [FAPIAO, 'CN'],
    ['請求書\n株式会社サンプル商事 御中\nご請求金額 ¥110,000\nお支払期限 2026年1月31日', 'JP'],
    ['세금계산서\n공급자 등록번호 123-45-67890\n공급받는자 주식회사 예시\n합계금액 1,100,000원', 'KR'],
    ['統一發票\n賣方 示例股份有限公司 統一編號 12345678\n總計 新台幣 1,050元\n地址 臺灣臺北市示例路1號', 'TW'],
    ['INVOICE\nInvoice No 12\nTotal £ 120.00\nShenzhen', null],
  ])('%#', (t, country) => {
    expect(cjkCountry(t)).toBe(country);
  });

  it('keeps the yen on a Japanese page and a dollar written more often than the page’s own money', () => {
    expect(resolveCurrency('JPY', '請求書\n株式会社サンプル商事 御中\nご請求金額 ¥110,000\nお支払期限 2026年1月31日')).toBe('JPY');
    const export_ = '商业发票 示例进出口有限公司 销售方 购买方 合计 数量 单价 金额 总计 付款方式 电汇 发货港 目的港\n单价 $ 10.00 金额 $ 100.00\n总计 $ 100.00 人民币';
    expect(resolveCurrency('USD', export_)).toBe('USD');
    expect(resolveCurrency('KRW', '세금계산서\n공급자 등록번호 123-45-67890\n공급받는자 주식회사 예시\n합계금액 1,100,000원')).toBe('KRW');
  });
});

describe('Korean and Chinese document words', () => {
  it('folds Korean syllables as themselves, so two words with the same first letters stay apart', () => {
    expect(fold('상호')).not.toBe(fold('사항'));
  });

  it.each([
    ['세금계산서\n공급자 등록번호 123-45-67890\n공급받는자 주식회사 예시\n공급가액 1,000,000', 'invoice'],
    ['統一發票\n發票號碼 AB-12345678\n開票日期 2021年03月15日', 'invoice'],
  ])('%#: %s', (t, type) => {
    expect(classifyText(t).type).toBe(type);
  });
});
