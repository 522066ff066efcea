// A type's own rules about who its document is of or between: a bank statement's holder, an
// identity document's holder, a contract's parties, each against the case. Pure; knows no other type.
import type { BankStatementFields, ContractFields, IdentityFields } from '../extract/fields.ts';
import { compareNames, comparePersonNames, describeComparison, type NameComparison } from '../../lib/names.ts';
import type { Finding } from '../document-model.ts';
import type { RuleContext } from './case-facts.ts';
import { finding } from './catalogue.ts';

/** Name comparison as a finding: mismatch → the rule's code, close → name_close_match, exact → nothing. */
export function nameFinding(code: string, what: string, found: string, expected: string, c: NameComparison): Finding[] {
  if (c.outcome === 'exact') return [];
  if (c.outcome === 'close') return [finding('name_close_match', `${what} ${describeComparison(found, expected, c)}.`)];
  return [finding(code, `${what} ${describeComparison(found, expected, c)}.`)];
}

export function bankStatementHolderRule(f: BankStatementFields, ctx: RuleContext): Finding[] {
  const holder = f.account_holder;
  const company = ctx.task.company_full_name;
  if (holder && company) return nameFinding('bank_statement_holder_mismatch', `Account holder of "${ctx.task.file_name}" vs the company:`, holder, company, compareNames(holder, company));
  return [];
}

export function identityRules(id: IdentityFields, ctx: RuleContext): Finding[] {
  const file = ctx.task.file_name;
  const out: Finding[] = [];
  // A zone read as written that fails its check digits is wrong; one repaired from OCR could not be verified.
  if (id.mrz && !id.mrz.valid && id.mrz.exact !== false)
    out.push(finding('identity_mrz_invalid', `The machine-readable zone of "${file}" fails its check digits (${id.mrz.failed_checks.join(', ')}).`));
  else if (id.mrz && !id.mrz.valid)
    out.push(
      finding(
        'identity_mrz_unverified',
        `The machine-readable zone of "${file}" could not be verified from the scan (checks not passed: ${id.mrz.failed_checks.join(', ')}); read: number ${id.document_number ?? 'unreadable'}, born ${id.birth_date ?? 'unreadable'}, expires ${id.expiry_date ?? 'unreadable'}.`,
      ),
    );
  const holder = [id.given_names, id.surname].filter(Boolean).join(' ');
  const user = ctx.case.user_full_name;
  // Names of a damaged zone that nothing confirmed are left out: the holder could not be checked.
  if (!holder && user && id.mrz?.names_doubtful)
    return [
      ...out,
      finding(
        'check_inconclusive',
        `It could not be checked whether the holder of "${file}" is the case's user: the names in its machine-readable zone were misread and the printed names do not confirm them.`,
      ),
    ];
  if (!holder || !user) return out;
  const names = nameFinding('identity_holder_mismatch', `Holder of "${file}" vs the case's user:`, holder, user, comparePersonNames(holder, user));
  // Names read from a damaged zone that the visual zone does not confirm cannot prove a different holder.
  if (id.mrz?.names_doubtful)
    return [
      ...out,
      ...names.map((f) =>
        f.code === 'identity_holder_mismatch'
          ? finding(
              'check_inconclusive',
              `It could not be checked whether the holder of "${file}" is the case's user: the names in its machine-readable zone were misread and the printed names do not confirm them. (${f.text})`,
            )
          : f,
      ),
    ];
  out.push(...names);
  return out;
}

export function contractPartiesRule(f: ContractFields, ctx: RuleContext): Finding[] {
  const file = ctx.task.file_name;
  const company = ctx.task.company_full_name;
  const parties = f.parties.filter((p) => p.name);
  if (parties.length >= 2 && company) {
    const best = parties.map((p) => ({ p, c: compareNames(p.name!, company) })).sort((a, b) => b.c.score - a.c.score)[0];
    if (best.c.outcome === 'mismatch') {
      return [
        finding(
          'contract_client_not_party',
          `The contract "${file}" is between ${parties.map((p) => `"${p.name}"`).join(' and ')}; "${company}" is not a party (closest ${describeComparison(best.p.name!, company, best.c)}).`,
        ),
      ];
    }
  }
  return [];
}
