// The parties of a Japanese invoice, which names them by forms of address rather than labels: the
// client by the "御中" (to a firm) or "様" (to a person) after its name, the issuer by its company
// form (株式会社, 有限会社, 合同会社) in the sender's block, usually beside its registration number.
import type { TextLine } from './text.ts';

const ADDRESSEE = /^(.{2,40}?)\s*(?:御中|様)$/u;
const COMPANY_FORM = /株式会社|有限会社|合同会社|合資会社|合名会社/u;
/** Cells that name a bank or a branch, or say something, are not the issuer's name. */
const NOT_ISSUER = /銀行|支店|振込|口座|[。、:：]/u;

/** The client ("株式会社… 御中") and the issuer (a company name in the first lines that is not the client's), when the page writes them so. */
export function japaneseParties(lines: readonly TextLine[]): { buyer: { name: string; line: number } | null; seller: { name: string; line: number } | null } {
  let buyer: { name: string; line: number } | null = null;
  let seller: { name: string; line: number } | null = null;
  lines.slice(0, 20).forEach((l, i) => {
    for (const raw of l.text.split('\t')) {
      const cell = raw.trim();
      const addressee = ADDRESSEE.exec(cell);
      if (addressee) buyer ??= { name: addressee[1].trim(), line: i };
      else if (COMPANY_FORM.test(cell) && !NOT_ISSUER.test(cell) && cell.length <= 40) seller ??= { name: cell, line: i };
    }
  });
  return { buyer, seller };
}
