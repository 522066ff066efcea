// What the "Checks performed" of a report need to know of the setup, read when the report is made:
// the screening lists in force, whether a Companies House key is set, whether an imported register
// holds companies.
import type { ServiceContext } from '../context.ts';
import { registerHasData } from '../db/local-register.repo.ts';
import { listActiveVersions, type ListVersionRow } from '../db/screening.repo.ts';
import type { ChecksSetup } from './checks-performed.ts';

/** `activeLists`: the list versions in force when the caller has just read them (a screening), so they are not read again. */
export async function readChecksSetup(ctx: Pick<ServiceContext, 'db' | 'config'>, activeLists?: ListVersionRow[]): Promise<ChecksSetup> {
  const [lists, local] = await Promise.all([activeLists ?? listActiveVersions(ctx.db), registerHasData(ctx.db)]);
  return {
    screeningLists: lists.map((l) => ({ list_name: l.list_name, topic: l.topic, version_date: l.version_date })),
    companiesHouse: Boolean(ctx.config.COMPANIES_HOUSE_API_KEY),
    localRegister: local,
  };
}
