// Station users: creation with a hashed password, lookups used by sign-in.
import type { TUserRole } from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import { hashPassword } from '../../platform/passwords.js';
import * as repo from './repo.js';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createUser(
  db: DbOrTx,
  input: {
    stationId: string;
    email: string;
    password: string;
    fullName: string;
    phoneNumber?: string | null;
    role: TUserRole;
    isSuperadmin?: boolean;
  },
) {
  return repo.insertUser(db, {
    stationId: input.stationId,
    email: normalizeEmail(input.email),
    passwordHash: await hashPassword(input.password),
    fullName: input.fullName,
    phoneNumber: input.phoneNumber ?? null,
    role: input.role,
    isSuperadmin: input.isSuperadmin ?? false,
  });
}

export const findUserByEmail = (db: DbOrTx, email: string) => repo.findUserByEmail(db, normalizeEmail(email));
export const findUserById = repo.findUserById;
export const setLastLogin = repo.setLastLogin;
