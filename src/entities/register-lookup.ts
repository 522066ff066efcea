// Register lookups of a case: whether a new case is worth looking up (asked before its creation
// transaction) and the job that does it, enqueued in that transaction. The registers themselves
// are built once, in services.ts, and given to the services that read them.
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/db.ts';
import type { StoredCaseData as CaseData } from '../db/case-data.ts';
import { resolveEntitiesJob } from './entities.jobs.ts';
import type { Registers } from './registers/registers.service.ts';

export const resolveJobKey = (caseId: string) => `entities.resolve:${caseId}`;

/** Whether a new case should be looked up in the registers (asked before its creation transaction). */
export async function needsRegisterLookup(r: Registers, c: Pick<CaseData, 'company_country_code' | 'company_reg_number' | 'company_full_name'>): Promise<boolean> {
  if (r.companiesHouse && c.company_country_code === 'GB' && c.company_reg_number) return true;
  if (!(await r.mayCover(c.company_country_code))) return false;
  return (await r.local.find({ countryCode: c.company_country_code, regNumber: c.company_reg_number ?? null, name: c.company_full_name })) !== null;
}

/** Enqueues the register lookup in the transaction that creates the case. */
export async function enqueueEntityResolution(ctx: ServiceContext, trx: Db, caseId: string): Promise<void> {
  await ctx.jobs.enqueue(trx, resolveEntitiesJob, { caseId }, { dedupeKey: resolveJobKey(caseId) });
}
