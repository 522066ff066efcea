// Back-office users: each belongs to one API client and sees only that client's cases.
import crypto from 'node:crypto';
import type { Db } from '../storage/db.ts';
import { findClientByUsername } from '../clients/clients.repo.ts';
import { generatePassword, hashPassword, verifyPasswordOf } from '../clients/passwords.ts';
import { countUsers, findUserByUsername, insertUser, listUsers, type UserRow } from './users.repo.ts';

export type Role = 'analyst' | 'admin';

export class UsersService {
  constructor(private readonly db: Db) {}

  async create(input: { username: string; clientUsername: string; role?: Role; password?: string }): Promise<{ user: UserRow; password: string }> {
    if (!/^[A-Za-z0-9._@-]{1,64}$/.test(input.username)) throw new Error('username must be 1 to 64 letters, digits, dots, dashes, underscores or @');
    const role = input.role ?? 'analyst';
    if (role !== 'analyst' && role !== 'admin') throw new Error('role must be analyst or admin');
    const client = await findClientByUsername(this.db, input.clientUsername);
    if (!client) throw new Error(`no API client named "${input.clientUsername}"`);
    if (await findUserByUsername(this.db, input.username)) throw new Error(`a user named "${input.username}" already exists`);
    const password = input.password || generatePassword();
    if (password.length < 12) throw new Error('the password must be at least 12 characters long');
    const user: UserRow = {
      id: crypto.randomUUID(),
      client_id: client.id,
      username: input.username,
      password_hash: await hashPassword(password),
      role,
      created_at: new Date().toISOString(),
    };
    await insertUser(this.db, user);
    return { user, password };
  }

  list(): Promise<UserRow[]> {
    return listUsers(this.db);
  }

  count(): Promise<number> {
    return countUsers(this.db);
  }

  async authenticate(username: string, password: string): Promise<UserRow | null> {
    const user = await findUserByUsername(this.db, username);
    const ok = await verifyPasswordOf(password, user?.password_hash);
    return user && ok ? user : null;
  }
}
