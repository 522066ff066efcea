// The dialog's request limits: per conversation and per address, each a fixed window of a minute,
// counted in the rate-limit store (shared by every process on PostgreSQL).
import type { Config } from '../config.ts';
import { limitWait, type RateLimitStore } from '../db/rate-limit-store.ts';

/** The limits and the counters they are kept in. */
export interface DialogLimits {
  config: Pick<Config, 'DIALOG_RATE_LIMIT_PER_MINUTE' | 'DIALOG_IP_RATE_LIMIT_PER_MINUTE'>;
  rateLimits: RateLimitStore;
}

/** Counts one dialog request; 0 when allowed, else the seconds to wait (the longer of both limits). */
export async function dialogRequestWait(ctx: DialogLimits, ip: string, conversationId: string | null): Promise<number> {
  const { DIALOG_RATE_LIMIT_PER_MINUTE: perConversation, DIALOG_IP_RATE_LIMIT_PER_MINUTE: perIp } = ctx.config;
  const [byIp, byConversation] = await Promise.all([
    limitWait(ctx.rateLimits, `dialog-ip:${ip}`, perIp, 60_000),
    conversationId ? limitWait(ctx.rateLimits, `dialog-c:${conversationId.toLowerCase()}`, perConversation, 60_000) : 0,
  ]);
  return Math.max(byIp, byConversation);
}
