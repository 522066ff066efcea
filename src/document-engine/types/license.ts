// biome-ignore-all format: word lists read better packed, a paragraph a language
// The licence document type: a licence or permit to carry on an activity.
import { Type } from '@sinclair/typebox';
import type { LicenceFields } from '../extract/fields.ts';
import { extractLicence } from '../extract/permits.ts';
import { Day, Text } from './schema-parts.ts';
import { has, type DocumentTypePlugin } from './plugin.ts';

export const license: DocumentTypePlugin<'license', LicenceFields> = {
  type: 'license',
  label: 'licence',
  requests: ['license', 'licence', 'business_license'],
  modules: ['license'],
  keywords: [
    ['licence', 4], ['license', 4], ['licence number', 4], ['license number', 4], ['licence no', 4], ['license no', 4], ['permit', 3],
    ['licensee', 4], ['licence holder', 4], ['license holder', 4], ['hereby authorised', 3], ['hereby authorized', 3], ['authorisation', 2],
    ['authorization', 2], ['gewerbeerlaubnis', 5], ['erlaubnis', 3], ['genehmigung', 3], ['lizenz', 4], ['konzession', 4],
    ['autorisation', 3], ['agrément', 2], ['licencia', 4], ['licenza', 4], ['vergunning', 4], ['licença', 4], ['alvará', 4],
    ['licencja', 4], ['zezwolenie', 4], ['koncesja', 4], ['licensing authority', 4], ['valid until', 1], ['issued by', 1],
    // Tax and business registrations: a number an authority gives a business to trade under.
    ['vat certificate', 6], ['certificate of vat registration', 6], ['vat registration certificate', 6], ['employer identification number', 5],
    ['internal revenue service', 2], ['pin certificate', 7], ['personal identification number', 3], ['taxpayer information', 3],
    ['taxpayer identification number', 5], ['tax payer identification number', 5], ['tax identification number', 3], ['tax registration certificate', 6],
    ['certificate of tax registration', 6], ['revenue authority', 2], ['inland revenue', 2], ['vat registration', 2], ['gst registration certificate', 6],
    ['importer exporter code', 7], ['import export code', 7], ['trade name registration', 7], ['business name registration', 6],
    ['certificate of business name', 6], ['business registration certificate', 6], ['certificate of business registration', 6],
    ['trade licence', 5], ['trade license', 5], ['commercial licence', 6], ['commercial license', 6], ['waste carrier', 6], ['registered carrier', 4],
    ['abn lookup', 7], ['current details for abn', 7], ['australian business number', 5], ['gst registration number', 4],
    ['expiry date of registration', 4], ['attestation d immatriculation', 4], ['steuernummer', 2], ['gewerbeanmeldung', 6], ['certificado de registro', 4],
    // India's GST registration certificate (Form GST REG-06) and Udyam (MSME) certificate; a tax office's TIN certificate.
    ['gst reg 06', 7], ['goods and services tax', 5], ['udyam registration', 6], ['tin certificate', 6],
    ['constancia de inscripción', 6], ['constancia de situación fiscal', 7], ['registro federal de contribuyentes', 5], ['clave única de identificación tributaria', 5],
    // Chinese (simplified and traditional), Japanese and Korean: the licence's title, and the boxes of its form that OCR reads
    // when it misreads the title (the business term, the scope, the registration authority).
    ['*营业执照', 7], ['營業執照', 7], ['统一社会信用代码', 5], ['統一社會信用代碼', 5], ['营业期限', 3], ['營業期限', 3], ['经营范围', 2],
    ['經營範圍', 2], ['登记机关', 2], ['登記機關', 2], ['營利事業登記證', 7], ['営業許可証', 7], ['許可証', 4],
    ['사 업 자 등 록 증', 7], ['사업자등록증', 7],
  ],
  schema: Type.Object({
    licence_number: Text,
    holder: Text,
    issuer: Text,
    activity: Text,
    issue_date: Day,
    valid_from: Day,
    expiry_date: Day,
  }),
  extract: (_doc, d) => extractLicence(d),
  keyFacts: (f) => [f.licence_number, f.holder, f.expiry_date ?? f.issue_date].map(has),
  issueDate: (f) => f.issue_date ?? null,
  datePairs: (f) => [
    ['start of validity', f.valid_from, 'expiry', f.expiry_date],
    ['issue date', f.issue_date, 'expiry', f.expiry_date],
  ],
  expiry: { code: 'license_expired', noun: 'The licence', date: (f) => f.expiry_date ?? null },
};
