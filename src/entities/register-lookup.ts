// Register lookups of a case: whether a new case is worth looking up (asked before its creation
// transaction), the job that does it, enqueued in that transaction, and the registers of a context.
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/db.ts';
import type { StoredCaseData as CaseData } from '../db/case-data.ts';
import { resolveEntitiesJob } from './entities.jobs.ts';
import { Registers } from './registers/registers.service.ts';

export const resolveJobKey = (caseId: string) => `entities.resolve:${caseId}`;
const registersOf = new WeakMap<ServiceContext, Registers>();
export function registers(ctx: ServiceContext): Registers {
  let r = registersOf.get(ctx);
  if (!r) registersOf.set(ctx, (r = new Registers(ctx.db, ctx.config, ctx.rateLimits)));
  return r;
}

/** Whether a new case should be looked up in the registers (asked before its creation transaction). */
export async function needsRegisterLookup(ctx: ServiceContext, c: Pick<CaseData, 'company_country_code' | 'company_reg_number' | 'company_full_name'>): Promise<boolean> {
  const r = registers(ctx);
  if (r.companiesHouse && c.company_country_code === 'GB' && c.company_reg_number) return true;
  if (!(await r.mayCover(c.company_country_code))) return false;
  const local = r.connectors[r.connectors.length - 1]!;
  return (await local.find({ countryCode: c.company_country_code, regNumber: c.company_reg_number ?? null, name: c.company_full_name })) !== null;
}

/** Enqueues the register lookup in the transaction that creates the case. */
export async function enqueueEntityResolution(ctx: ServiceContext, trx: Db, caseId: string): Promise<void> {
  await ctx.jobs.enqueue(trx, resolveEntitiesJob, { caseId }, { dedupeKey: resolveJobKey(caseId) });
}
