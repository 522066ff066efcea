// API clients: creation, password rotation, and authentication of HTTP Basic credentials.
// A verified credential is remembered for a short time (keyed by an HMAC of the credential with a
// per-process key) so that every request does not pay for scrypt; rotation clears this process's
// memory at once and other processes' within AUTH_CACHE_TTL_MS. A credential not remembered is
// checked under the same lock-out rules as a back-office sign-in (src/users/login-guard.ts).
import crypto from 'node:crypto';
import { newId } from '../lib/ids.ts';
import type { Db } from '../db/db.ts';
import type { ApiClient } from '../db/schema.ts';
import {
  countClients,
  findBrand,
  findBrandLogo,
  findClientById,
  findClientByUsername,
  findClientByUsernameKey,
  insertClient,
  listClients,
  saveBrand,
  updateClientPassword,
} from '../db/clients.repo.ts';
import { AppError, invalid, notFound } from '../http/errors.ts';
import { type Brand, type BrandChange, type BrandValues, checkBrandChange, describeProblems, resolveBrand } from './brand.ts';
import { prepareLogo } from './brand-logo.ts';
import { latestQuestionnaire, questionnaireVersions, saveQuestionnaire, type StoredQuestionnaire } from './questionnaires.ts';
import type { QuestionnaireDefinition } from './questionnaire.ts';
import { generatePassword, hashPassword, verifyPasswordOf } from '../lib/passwords.ts';
import { foldUsername, takenMessage } from '../lib/usernames.ts';
import type { GuardedResult, LoginGuard } from '../users/login-guard.ts';

export interface ClientSummary {
  id: string;
  username: string;
  name: string;
  webhook_url: string | null;
  created_at: string;
}

const USERNAME = /^[A-Za-z0-9._@-]{1,64}$/;

export class ClientsService {
  private readonly cacheSecret = crypto.randomBytes(32).toString('base64');
  private readonly cache = new Map<string, { client: ApiClient; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly cacheTtlMs: number,
    /** Needed to authenticate; the command line only creates clients and rotates passwords. */
    private readonly guard: LoginGuard | null = null,
  ) {}

  async create(input: { username: string; name?: string; password?: string }): Promise<{ client: ClientSummary; password: string }> {
    if (!USERNAME.test(input.username)) {
      throw new Error('username must be 1 to 64 letters, digits, dots, dashes, underscores or @');
    }
    const key = foldUsername(input.username);
    const taken = (await findClientByUsername(this.db, input.username)) ?? (await findClientByUsernameKey(this.db, key));
    if (taken) throw new Error(takenMessage('an API client', input.username, taken.username));
    const password = input.password || generatePassword();
    if (password.length < 12) throw new Error('the password must be at least 12 characters long');
    const now = new Date().toISOString();
    const row: ApiClient = {
      id: newId(),
      username: input.username,
      password_hash: await hashPassword(password),
      name: input.name || input.username,
      webhook_url: null,
      webhook_username: null,
      webhook_password: null,
      webhook_secret: null,
      created_at: now,
      updated_at: now,
      username_key: key,
    };
    // The unique index on the folded name decides between two creations at once.
    await insertClient(this.db, row).catch(async (err) => {
      const winner = await findClientByUsernameKey(this.db, key);
      throw winner ? new Error(takenMessage('an API client', input.username, winner.username)) : err;
    });
    return { client: summarize(row), password };
  }

  async list(): Promise<ClientSummary[]> {
    return (await listClients(this.db)).map(summarize);
  }

  count(): Promise<number> {
    return countClients(this.db);
  }

  async rotatePassword(username: string, password?: string): Promise<string> {
    const client = await findClientByUsername(this.db, username);
    if (!client) throw new Error(`no API client named "${username}"`);
    const next = password || generatePassword();
    if (next.length < 12) throw new Error('the password must be at least 12 characters long');
    await updateClientPassword(this.db, client.id, await hashPassword(next));
    this.cache.clear();
    return next;
  }

  /**
   * Start-up configuration (API_USERNAME and API_PASSWORD on an existing database): sets this
   * password when it is not already the client's. Returns whether it changed anything; null when
   * there is no such client.
   */
  async applyPassword(username: string, password: string): Promise<boolean | null> {
    const client = await findClientByUsername(this.db, username);
    if (!client) return null;
    if (await verifyPasswordOf(password, client.password_hash)) return false;
    await this.rotatePassword(username, password);
    return true;
  }

  /** The brand shown for a client (plain defaults where nothing is set); null for an unknown client. */
  async brandOf(clientId: string): Promise<Brand | null> {
    const [client, values] = await Promise.all([findClientById(this.db, clientId), findBrand(this.db, clientId)]);
    return client ? resolveBrand(client, values) : null;
  }

  /** The values set for a client's brand (null where none is set), for the form that edits them. */
  async brandValues(clientId: string): Promise<BrandValues> {
    const v = await findBrand(this.db, clientId);
    return {
      display_name: v?.display_name ?? null,
      primary_colour: v?.primary_colour ?? null,
      support_email: v?.support_email ?? null,
      support_phone: v?.support_phone ?? null,
      support_url: v?.support_url ?? null,
      privacy_url: v?.privacy_url ?? null,
      logo_sha256: v?.logo_sha256 ?? null,
    };
  }

  /** The client's logo (a PNG), if it has one. */
  async logo(clientId: string): Promise<{ png: Buffer; sha256: string } | null> {
    const row = await findBrandLogo(this.db, clientId);
    return row?.logo && row.logo_sha256 ? { png: Buffer.from(row.logo), sha256: row.logo_sha256 } : null;
  }

  /** `setBrand` for the client named `username` (the command line). */
  async setBrandOf(username: string, change: BrandChange, logo?: Buffer | null): Promise<BrandValues> {
    const client = await findClientByUsername(this.db, username);
    if (!client) throw notFound(`The API client "${username}"`);
    return this.setBrand(client.id, change, logo);
  }

  /**
   * Changes a client's brand: fields left undefined keep their value, "" removes one; a logo file
   * replaces the logo, null removes it. Nothing is stored unless every value is taken; a 400 lists
   * each field that is not, and why.
   */
  async setBrand(clientId: string, change: BrandChange, logo?: Buffer | null): Promise<BrandValues> {
    const { values, problems } = checkBrandChange(change);
    let prepared: Awaited<ReturnType<typeof prepareLogo>> | null = null;
    if (logo) {
      try {
        prepared = await prepareLogo(logo);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        problems.push(...err.details);
      }
    }
    if (problems.length) throw invalid(`The brand was not changed:\n${describeProblems(problems)}`, problems);
    const current = await this.brandValues(clientId);
    const { logo_sha256: _, ...kept } = current;
    await saveBrand(this.db, {
      client_id: clientId,
      ...kept,
      ...values,
      updated_at: new Date().toISOString(),
      ...(prepared ? { logo: prepared.png, logo_type: 'image/png', logo_sha256: prepared.sha256 } : logo === null ? { logo: null, logo_type: null, logo_sha256: null } : {}),
    });
    return this.brandValues(clientId);
  }

  /** The client of this Authorization header if it was verified within the cache time: no database, no scrypt. */
  /** The client's questionnaire in force (the default one until they save their own). */
  questionnaire(clientId: string): Promise<StoredQuestionnaire> {
    return latestQuestionnaire(this.db, clientId);
  }

  questionnaireVersions(clientId: string) {
    return questionnaireVersions(this.db, clientId);
  }

  /** Checks a definition given as JSON text and stores it as the client's next version. */
  saveQuestionnaire(clientId: string, text: string, by: string): Promise<QuestionnaireDefinition> {
    return saveQuestionnaire(this.db, clientId, text, by);
  }

  cachedClient(authorization: string): ApiClient | undefined {
    const hit = this.cache.get(this.cacheKeyOf(authorization));
    return hit && hit.until > Date.now() ? hit.client : undefined;
  }

  /**
   * The client whose credentials these are, under the lock-out rules (attempts are counted per
   * client username and per `source` address); remembers a success under `authorization`.
   */
  async authenticate(username: string, password: string, authorization: string, source: string): Promise<GuardedResult<ApiClient>> {
    if (!this.guard) throw new Error('authentication needs the lock-out rules');
    const client = await findClientByUsername(this.db, username);
    const result = await this.guard.check(
      `api:${username.slice(0, 200)}`,
      source,
      0,
      async () => ((await verifyPasswordOf(password, client?.password_hash)) && client ? client : null),
      () => this.cachedClient(authorization),
    );
    if (result.ok && this.cacheTtlMs > 0) {
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(this.cacheKeyOf(authorization), { client: result.value, until: Date.now() + this.cacheTtlMs });
    }
    return result;
  }

  /**
   * Credentials are never kept as such: the cache is keyed by SHA-256 of a per-process secret
   * followed by the header. (A secret-prefix hash is enough for a key that never leaves the
   * process; the one-shot hash costs a fifth of an HMAC on every API request.)
   */
  private cacheKeyOf(authorization: string): string {
    return crypto.hash('sha256', this.cacheSecret + authorization, 'base64');
  }
}

function summarize(c: ApiClient): ClientSummary {
  return { id: c.id, username: c.username, name: c.name, webhook_url: c.webhook_url, created_at: c.created_at };
}
