// SQL for API clients (tenants).
import type { Db } from './db.ts';
import type { ApiClient, ClientBrandRow } from './schema.ts';

export function findClientByUsername(db: Db, username: string): Promise<ApiClient | undefined> {
  return db.selectFrom('api_clients').selectAll().where('username', '=', username).executeTakeFirst();
}

/** The client whose username folds to `key` (lib/usernames.ts), if any. */
export function findClientByUsernameKey(db: Db, key: string): Promise<ApiClient | undefined> {
  return db.selectFrom('api_clients').selectAll().where('username_key', '=', key).executeTakeFirst();
}

/** Usernames of clients whose name clashed with an older one's when migration 020 folded them (no key). */
export async function clientsWithoutUsernameKey(db: Db): Promise<string[]> {
  return (await db.selectFrom('api_clients').select('username').where('username_key', 'is', null).orderBy('username').execute()).map((r) => r.username);
}

export function findClientById(db: Db, id: string): Promise<ApiClient | undefined> {
  return db.selectFrom('api_clients').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listClients(db: Db): Promise<ApiClient[]> {
  return db.selectFrom('api_clients').selectAll().orderBy('created_at').execute();
}

export async function countClients(db: Db): Promise<number> {
  const row = await db
    .selectFrom('api_clients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertClient(db: Db, client: ApiClient): Promise<void> {
  await db.insertInto('api_clients').values(client).execute();
}

export async function updateClientPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('api_clients').set({ password_hash: passwordHash, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/** A client's brand without the logo bytes (what pages, e-mails and reports read). */
export type BrandSettings = Omit<ClientBrandRow, 'logo'>;

const BRAND_COLUMNS = ['client_id', 'display_name', 'primary_colour', 'support_email', 'support_phone', 'support_url', 'privacy_url', 'logo_type', 'logo_sha256', 'updated_at'] as const;

export function findBrand(db: Db, clientId: string): Promise<BrandSettings | undefined> {
  return db.selectFrom('client_brands').select(BRAND_COLUMNS).where('client_id', '=', clientId).executeTakeFirst();
}

export function findBrandLogo(db: Db, clientId: string): Promise<Pick<ClientBrandRow, 'logo' | 'logo_type' | 'logo_sha256'> | undefined> {
  return db.selectFrom('client_brands').select(['logo', 'logo_type', 'logo_sha256']).where('client_id', '=', clientId).where('logo', 'is not', null).executeTakeFirst();
}

/** Creates or replaces the brand row of a client; logo columns left out keep their value. */
export async function saveBrand(db: Db, row: Omit<ClientBrandRow, 'logo' | 'logo_type' | 'logo_sha256'> & Partial<Pick<ClientBrandRow, 'logo' | 'logo_type' | 'logo_sha256'>>): Promise<void> {
  const { client_id, ...rest } = row;
  await db
    .insertInto('client_brands')
    .values(row)
    .onConflict((oc) => oc.column('client_id').doUpdateSet(rest))
    .execute();
}

/** A client's name and username with its whole brand (logo included), in one statement: for reports. */
export function findClientWithBrand(db: Db, clientId: string) {
  return db
    .selectFrom('api_clients')
    .leftJoin('client_brands', 'client_brands.client_id', 'api_clients.id')
    .select([
      'api_clients.username',
      'api_clients.name',
      'client_brands.display_name',
      'client_brands.primary_colour',
      'client_brands.support_email',
      'client_brands.support_phone',
      'client_brands.support_url',
      'client_brands.privacy_url',
      'client_brands.logo',
      'client_brands.logo_sha256',
    ])
    .where('api_clients.id', '=', clientId)
    .executeTakeFirst();
}
