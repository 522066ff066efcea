// SQL for each API client's webhook settings (the webhook_* columns of api_clients).
import type { Db } from '../storage/db.ts';

export interface WebhookSettings {
  url: string | null;
  username: string | null;
  password: string | null;
  secret: string | null;
}

/** Changes the given settings of the client named `username`; false when there is no such client. */
export async function updateWebhookSettings(db: Db, username: string, s: Partial<WebhookSettings>): Promise<boolean> {
  const res = await db
    .updateTable('api_clients')
    .set({
      ...(s.url !== undefined ? { webhook_url: s.url } : {}),
      ...(s.username !== undefined ? { webhook_username: s.username } : {}),
      ...(s.password !== undefined ? { webhook_password: s.password } : {}),
      ...(s.secret !== undefined ? { webhook_secret: s.secret } : {}),
      updated_at: new Date().toISOString(),
    })
    .where('username', '=', username)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
