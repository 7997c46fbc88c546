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
  const { password, ...rest } = input;
  return createUserWithHash(db, { ...rest, passwordHash: await hashPassword(password) });
}

/** For a password hashed earlier (a signup draft keeps only the hash). */
export async function createUserWithHash(
  db: DbOrTx,
  input: {
    stationId: string;
    email: string;
    passwordHash: string;
    fullName: string;
    phoneNumber?: string | null;
    role: TUserRole;
    isSuperadmin?: boolean;
    lastLoginAt?: Date;
  },
) {
  return repo.insertUser(db, {
    ...input,
    email: normalizeEmail(input.email),
    phoneNumber: input.phoneNumber ?? null,
  });
}

export const findUserByEmail = (db: DbOrTx, email: string) => repo.findUserByEmail(db, normalizeEmail(email));
export const findUserById = repo.findUserById;
export const setLastLogin = repo.setLastLogin;
