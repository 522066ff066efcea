// Builds every service from the shared context, and registers the jobs with the runners that run them.
// The one place where services, the registers and the hooks between features are built and wired:
// nothing else constructs a service from the context (npm run lint:architecture checks it).
import type { ServiceContext } from './context.ts';
import type { JobWorker } from './jobs/backend.ts';
import { CasesService } from './cases/cases.service.ts';
import { DecisionsService } from './decisions/decisions.service.ts';
import { ClientsService } from './clients/clients.service.ts';
import { CommentsService } from './comments/comments.service.ts';
import { ConversationsService } from './conversations/conversations.service.ts';
import { FinalizeService } from './completion/finalize.service.ts';
import { DocumentsService } from './documents/documents.service.ts';
import { ReportsService } from './reports/reports.service.ts';
import { UsersService } from './users/users.service.ts';
import { lockoutPolicy } from './users/lockout.ts';
import { LoginGuard } from './users/login-guard.ts';
import { VerificationsService } from './verifications/verifications.service.ts';
import { WebhooksService } from './delivery/webhooks/webhooks.service.ts';
import { MailService } from './delivery/mail/mail.service.ts';
import { EntitiesService } from './entities/entities.service.ts';
import { runVerificationJob } from './verifications/verifications.jobs.ts';
import { finalizeConversationJob, refreshCaseJob } from './completion/completion.jobs.ts';
import { resolveEntitiesJob } from './entities/entities.jobs.ts';
import { deliverWebhookJob, sendMailJob } from './delivery/delivery.jobs.ts';
import { checkWebsiteJob, WebsiteCheckService } from './verifications/website-check.ts';
import { fetchListsJob, ListFetchService } from './screening/list-fetch.ts';
import { ScreeningService } from './screening/screening.service.ts';
import { screenCaseJob } from './screening/screening.jobs.ts';
import { Registers } from './entities/registers/registers.service.ts';
import { CaseViewService } from './backoffice/case-view.service.ts';
import { CaseListService } from './backoffice/case-list.service.ts';
import { SessionService } from './backoffice/sessions.service.ts';
import { ClientJobsService } from './backoffice/jobs-of-client.ts';
import { DialogService } from './dialog/dialog.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service, for the composition of the app (src/app.ts); features take theirs as plugin options. */
    services: Services;
  }
}

export interface Services {
  clients: ClientsService;
  users: UsersService;
  cases: CasesService;
  documents: DocumentsService;
  verifications: VerificationsService;
  comments: CommentsService;
  conversations: ConversationsService;
  reports: ReportsService;
  finalize: FinalizeService;
  webhooks: WebhooksService;
  mail: MailService;
  entities: EntitiesService;
  websites: WebsiteCheckService;
  screening: ScreeningService;
  decisions: DecisionsService;
  listFetch: ListFetchService;
  /** The back office's own: the case page, the case list, sign-in sessions and the jobs page. */
  caseView: CaseViewService;
  caseList: CaseListService;
  sessions: SessionService;
  clientJobs: ClientJobsService;
  /** The hosted dialog the company's user answers. */
  dialog: DialogService;
}

export function buildServices(ctx: ServiceContext): Services {
  const registers = new Registers(ctx.db, ctx.config, ctx.rateLimits);
  const documents = new DocumentsService(ctx);
  const reports = new ReportsService(ctx);
  const guard = new LoginGuard(ctx.db, ctx.dialect, lockoutPolicy(ctx.config));
  const cases = new CasesService(ctx, registers);
  // A review screens the case again against the lists in force, besides looking up the registers.
  const decisions = new DecisionsService(ctx, cases, (trx, caseRow) =>
    ctx.jobs.enqueue(trx, screenCaseJob, { caseId: caseRow.id }, { dedupeKey: `screening.case:${caseRow.id}:review:${Date.now()}` }).then(() => undefined),
  );
  const screening = new ScreeningService(ctx, {
    // New screening hits on an approved case (a list update) make its review due now.
    onNewHits: (trx, caseRow, hits) => decisions.reviewDueNow(trx, caseRow, `${hits.length} new screening hit(s)`),
    // A ready case whose screening findings changed gets its reports, score and result made again.
    onFindingsChanged: async (trx, caseRow) => {
      if (caseRow.state === 'ready') await ctx.jobs.enqueue(trx, refreshCaseJob, { caseId: caseRow.id });
    },
  });
  const clients = new ClientsService(ctx.db, ctx.config.AUTH_CACHE_TTL_MS, guard);
  const verifications = new VerificationsService(ctx, documents);
  const comments = new CommentsService(ctx);
  const conversations = new ConversationsService(ctx);
  const features = {
    clients,
    users: new UsersService(ctx.db, guard),
    cases,
    documents,
    verifications,
    comments,
    conversations,
    reports,
    finalize: new FinalizeService(ctx, reports, screening),
    webhooks: new WebhooksService(ctx),
    mail: new MailService(ctx),
    entities: new EntitiesService(ctx, registers),
    websites: new WebsiteCheckService(ctx),
    screening,
    decisions,
    listFetch: new ListFetchService(ctx),
  };
  return {
    ...features,
    caseView: new CaseViewService(ctx, features),
    caseList: new CaseListService(ctx),
    sessions: new SessionService(ctx),
    clientJobs: new ClientJobsService(ctx),
    dialog: new DialogService(ctx, features),
  };
}

export function registerJobHandlers(runner: JobWorker, services: Services): void {
  runner.register(runVerificationJob, services.verifications);
  runner.register(finalizeConversationJob, services.finalize);
  runner.register(refreshCaseJob, services.finalize);
  runner.register(resolveEntitiesJob, services.entities);
  runner.register(checkWebsiteJob, services.websites);
  runner.register(screenCaseJob, services.screening);
  runner.register(fetchListsJob, services.listFetch);
}

/** Deliveries run on their own runner and concurrency, so a slow receiver never holds back other jobs. */
export function registerDeliveryHandlers(runner: JobWorker, services: Services): void {
  runner.register(deliverWebhookJob, services.webhooks);
  runner.register(sendMailJob, services.mail);
}
