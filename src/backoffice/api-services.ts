// The services the back office acts through as the signed-in user's own API client, the same the
// API's routes use.
import type { CasesService } from '../cases/cases.service.ts';
import type { ClientsService } from '../clients/clients.service.ts';
import type { CommentsService } from '../comments/comments.service.ts';
import type { DecisionsService } from '../decisions/decisions.service.ts';
import type { ConversationsService } from '../conversations/conversations.service.ts';
import type { MailService } from '../delivery/mail/mail.service.ts';
import type { WebhooksService } from '../delivery/webhooks/webhooks.service.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { ReportsService } from '../reports/reports.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { ScreeningService } from '../screening/screening.service.ts';

/** The services the back office acts through (the same the API uses). */
export interface BackofficeServices {
  users: UsersService;
  /** The organisation's brand (its page). */
  clients: ClientsService;
  cases: CasesService;
  documents: DocumentsService;
  conversations: ConversationsService;
  comments: CommentsService;
  reports: ReportsService;
  mail: MailService;
  webhooks: WebhooksService;
  /** The analyst's decisions, reviews and the audit trail. */
  decisions: DecisionsService;
  /** Screening hits and the analyst's decisions on them (with the hooks the services wire). */
  screening: ScreeningService;
}
