// The dialog's request limits: per conversation and per address, each a fixed window of a minute,
// counted in the rate-limit store (shared by every process on PostgreSQL).
import type { ServiceContext } from '../context.ts';
import { limitWait } from '../db/rate-limit-store.ts';

/** Counts one dialog request; 0 when allowed, else the seconds to wait (the longer of both limits). */
export async function dialogRequestWait(ctx: Pick<ServiceContext, 'config' | 'rateLimits'>, ip: string, conversationId: string | null): Promise<number> {
  const { DIALOG_RATE_LIMIT_PER_MINUTE: perConversation, DIALOG_IP_RATE_LIMIT_PER_MINUTE: perIp } = ctx.config;
  const [byIp, byConversation] = await Promise.all([
    limitWait(ctx.rateLimits, `dialog-ip:${ip}`, perIp, 60_000),
    conversationId ? limitWait(ctx.rateLimits, `dialog-c:${conversationId.toLowerCase()}`, perConversation, 60_000) : 0,
  ]);
  return Math.max(byIp, byConversation);
}
