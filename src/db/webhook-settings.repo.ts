// SQL for each API client's webhook settings (the webhook_* columns of api_clients).
import type { Db } from './db.ts';

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

/** Usernames of the clients whose webhook has a URL but no Basic-auth username and password. */
export async function clientsWithWebhookWithoutCredentials(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('api_clients')
    .select('username')
    .where('webhook_url', 'is not', null)
    .where((eb) => eb.or([eb('webhook_username', 'is', null), eb('webhook_username', '=', ''), eb('webhook_password', 'is', null), eb('webhook_password', '=', '')]))
    .orderBy('username')
    .execute();
  return rows.map((r) => r.username);
}
