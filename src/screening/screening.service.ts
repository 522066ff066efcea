// The screening service: the job handler that screens a case once its register lookup is done
// (so its directors and owners are known), over the screening of a case (screen-case.ts).
import { resolveJobKey } from '../entities/register-lookup.ts';
import { CaseScreening } from './screen-case.ts';
import { screenCaseJob } from './screening.jobs.ts';

export type { ListVersionRow, PanelHit, ScreeningHitRow } from './screen-case.ts';

/** How long a screening waits before looking again at a register lookup still running. */
const LOOKUP_RECHECK_MS = 500;

export class ScreeningService extends CaseScreening {
  /** Job handler for screening.case: waits for the case's register lookup, so its directors and owners are known. */
  async run(payload: { caseId: string }): Promise<void> {
    if (await this.ctx.jobs.pending(this.ctx.db, resolveJobKey(payload.caseId))) {
      await this.ctx.jobs.enqueue(this.ctx.db, screenCaseJob, payload, { runAt: Date.now() + LOOKUP_RECHECK_MS });
      return;
    }
    await this.screenCase(payload.caseId);
  }
}
