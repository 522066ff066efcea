// The checks Dossier ran on a case, and the ones it did not run with why, in plain words: screening
// (the lists in force and their dates, or "not screened"), the official registers (consulted, or
// not and why), the website check, identity checks and how well the documents were read. Shown as
// "Checks performed" in both reports and the case view, so that a reader can tell "screened, no
// hit" from "never screened". Pure over the case file and what the caller knows of the setup.
import type { ReportCheck, ReportDocument } from '../reports/report-data.ts';
import { documentsOf, messagesOf, type CaseFile } from './case-file.ts';

/** What is configured, as the caller read it when the report is made. */
export interface ChecksSetup {
  /** The screening lists in force: name, topic (sanctions or pep) and the date of the version. */
  screeningLists: { list_name: string; topic: string; version_date: string }[];
  /** Whether a Companies House API key is set. */
  companiesHouse: boolean;
  /** Whether an imported register holds any company. */
  localRegister: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function screening(file: CaseFile, setup: ChecksSetup): ReportCheck {
  const label = 'Sanctions and PEP screening';
  if (setup.screeningLists.length === 0) {
    return { check: 'screening', label, status: 'not_run', text: 'Not screened: no sanctions or PEP list is configured (import one with "npm run dossier -- lists import").' };
  }
  const hits = [...file.findings.values()].flat().filter((f) => f.source === 'screening').length;
  const lists = setup.screeningLists.map((l) => `${l.list_name} (${l.topic === 'pep' ? 'PEP' : 'sanctions'}, dated ${l.version_date})`).join(', ');
  return { check: 'screening', label, status: 'done', text: `Screened against ${lists}: ${hits ? `${plural(hits, 'possible match')}, listed among the findings` : 'no possible match'}.` };
}

function registers(file: CaseFile, setup: ChecksSetup): ReportCheck {
  const label = 'Official registers';
  const country = file.caseRow.company_country_code;
  const filings = file.documents.filter((d) => d.source === 'register').length;
  if (filings) return { check: 'registers', label, status: 'done', text: `Consulted: ${plural(filings, 'filing')} from official registers, listed among the documents.` };
  if (country === 'GB' && setup.companiesHouse) return { check: 'registers', label, status: 'done', text: 'Companies House was consulted; it returned no filing for this company.' };
  if (country === 'GB') return { check: 'registers', label, status: 'not_run', text: 'Not consulted: no Companies House API key is configured (COMPANIES_HOUSE_API_KEY).' };
  if (setup.localRegister) return { check: 'registers', label, status: 'done', text: `The imported register was searched; it holds no filing for this company.` };
  return { check: 'registers', label, status: 'not_run', text: `Not consulted: no register Dossier reads covers ${country || 'the company\u2019s country'}.` };
}

function website(file: CaseFile, conversationId: string, asked: boolean): ReportCheck {
  const label = 'Website';
  const checks = file.websiteChecks.filter((c) => c.conversation_id === conversationId);
  const said = messagesOf(file, conversationId).filter((m) => m.author === 'dossier' && m.module === 'website');
  if (said.length) return { check: 'website', label, status: 'done', text: said[said.length - 1]!.text };
  if (checks.some((c) => c.status === 'pending')) return { check: 'website', label, status: 'not_run', text: 'Not checked: the check did not finish before the report was made.' };
  if (asked) return { check: 'website', label, status: 'not_run', text: 'Not checked: the website was asked for and not given.' };
  return { check: 'website', label, status: 'not_needed', text: 'Not checked: no website was asked for in this conversation.' };
}

function identity(file: CaseFile, conversationId: string, asked: boolean): ReportCheck {
  const label = 'Identity documents';
  const ids = documentsOf(file, conversationId).filter((d) => d.document_type === 'proof_of_identity');
  if (ids.length) return { check: 'identity', label, status: 'done', text: `${plural(ids.length, 'identity document')} read and checked against the case.` };
  if (asked) return { check: 'identity', label, status: 'not_run', text: 'Not checked: an identity document was asked for and not received.' };
  return { check: 'identity', label, status: 'not_needed', text: 'Not checked: no identity document was asked for in this conversation.' };
}

function reading(documents: ReportDocument[]): ReportCheck {
  const label = 'Reading of the documents';
  const docs = documents.filter((d) => d.source === 'upload');
  if (docs.length === 0) return { check: 'reading', label, status: 'not_needed', text: 'No document was received to read.' };
  let text = 0;
  let ocr = 0;
  let unread = 0;
  const confidences: number[] = [];
  for (const d of docs) {
    const method = d.extracted_data.read_method;
    const confidence = d.extracted_data.ocr_confidence;
    if (method === 'text_layer') text++;
    else if (method === 'ocr' || method === 'mixed') ocr++;
    else unread++;
    if (typeof confidence === 'number' && Number.isFinite(confidence)) confidences.push(confidence);
  }
  const parts = [
    text ? `${plural(text, 'document')} read from the text of the file` : '',
    ocr ? `${plural(ocr, 'document')} read by optical character recognition${confidences.length ? ` (lowest confidence ${Math.min(...confidences)} of 100)` : ''}` : '',
    unread ? `${plural(unread, 'document')} not read (an image without legible text, or a file whose text could not be taken out)` : '',
  ].filter(Boolean);
  return { check: 'reading', label, status: unread === docs.length ? 'not_run' : 'done', text: `${parts.join('; ')}.` };
}

/** The checks of one conversation's report. */
export function checksPerformed(file: CaseFile, conversationId: string, setup: ChecksSetup, modules: { module: string }[], documents: ReportDocument[]): ReportCheck[] {
  const asked = (m: string) => modules.some((x) => x.module === m);
  return [screening(file, setup), registers(file, setup), website(file, conversationId, asked('website')), identity(file, conversationId, asked('proof_of_identity')), reading(documents)];
}
