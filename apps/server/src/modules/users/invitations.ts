// Add User as an invitation (decision 0025). The admin names the person; the account is created
// only when the invitee opens the emailed link and chooses a password. The answer to the admin is
// the same for a new address and for one that has an account of another station (that owner gets
// a note without a link instead), so Add User no longer tells which addresses have accounts.
import {
  emailLanguage,
  INVITATION_DAYS,
  INVITATION_ERROR_CODES,
  type TAcceptInvitationRequest,
  type TCreateUserRequest,
  type TUserInvitation,
  type TUserRole,
} from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import type { TServiceContext } from '../../service-context.js';
import { getStationSummary } from '../station/service.js';
import { accountElsewhereEmail, invitationEmail, type TInvitationLanguage } from './invitation-emails.js';
import * as repo from './invitations-repo.js';
import { createUserWithHash, findUserByEmail, normalizeEmail } from './service.js';

const DAY_MS = 86_400_000;

function describeInvitation(row: repo.TInvitationRow, now: Date): TUserInvitation {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    phone_number: row.phoneNumber,
    role: row.role,
    status: row.expiresAt > now ? 'invited' : 'expired',
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

async function stationName(db: DbOrTx, stationId: string) {
  return (await getStationSummary(db, stationId))?.displayName ?? 'Message Station';
}

/**
 * The invitation email, or, when the address already has an account (of another station: this
 * station's users were refused before), the note to its owner. Both are sent the same way.
 */
async function sendInvitation(
  ctx: Pick<TServiceContext, 'db' | 'config' | 'email'>,
  row: repo.TInvitationRow,
  token: string,
  language: TInvitationLanguage | undefined,
) {
  const name = await stationName(ctx.db, row.stationId);
  const owner = await findUserByEmail(ctx.db, row.email);
  const words = owner
    ? accountElsewhereEmail({
        fullName: owner.fullName,
        stationName: name,
        language: emailLanguage(owner.language),
      })
    : invitationEmail({
        fullName: row.fullName,
        stationName: name,
        link: `${ctx.config.publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`,
        language,
      });
  await ctx.email.send({ to: row.email, stationId: row.stationId, ...words });
}

type TParsedInvite = Omit<Required<TCreateUserRequest>, 'role' | 'language'> & {
  role: TUserRole;
  language?: TInvitationLanguage;
};

/** From the signed-in admin (`userId`) to a person for their station (`stationId`). */
export async function inviteUser(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'config' | 'email' | 'stationId' | 'userId'>,
  input: TParsedInvite,
): Promise<TUserInvitation> {
  const email = normalizeEmail(input.email);
  // Only what the admin can already see is refused: a user of this station, a live invitation.
  const existing = await findUserByEmail(ctx.db, email);
  if (existing?.stationId === ctx.stationId) throw new AppError(INVITATION_ERROR_CODES.emailTaken);
  const token = randomToken();
  const row = await ctx.db
    .transaction(async (tx) => {
      const live = await repo.findPendingByEmail(tx, ctx.stationId, email);
      if (live && live.expiresAt > ctx.now) throw new AppError(INVITATION_ERROR_CODES.pending);
      // An expired one gives way to the new invitation.
      if (live) await repo.markRevoked(tx, live.id, ctx.now);
      return repo.insertInvitation(tx, {
        stationId: ctx.stationId,
        email,
        fullName: input.full_name,
        phoneNumber: input.phone_number,
        role: input.role,
        apiAccessEnabled: input.api_access_enabled,
        tokenHash: sha256(token),
        invitedBy: ctx.userId,
        expiresAt: new Date(ctx.now.getTime() + INVITATION_DAYS * DAY_MS),
        createdAt: ctx.now,
      });
    })
    .catch((error: unknown) => {
      // Two admins inviting the same address at once: the second sees the first's invitation.
      if (isUniqueViolation(error)) throw new AppError(INVITATION_ERROR_CODES.pending);
      throw error;
    });
  await sendInvitation(ctx, row, token, input.language);
  return describeInvitation(row, ctx.now);
}

/** Invitations not yet accepted or revoked, newest first (expired ones too, to resend). */
export async function listInvitations(ctx: Pick<TServiceContext, 'db' | 'now' | 'stationId'>) {
  const rows = await repo.listPending(ctx.db, ctx.stationId);
  return rows.map((row) => describeInvitation(row, ctx.now));
}

/** A pending invitation of this station; another station's (or a used, revoked one) is not found. */
async function findPending(db: DbOrTx, stationId: string, id: string) {
  const row = await repo.findPending(db, stationId, id);
  if (!row) throw notFound('invitation_not_found');
  return row;
}

// Positional still: the audit rules of the invitation routes (users/audit-rules.ts) call it so.
export async function getInvitation(db: DbOrTx, stationId: string, id: string, now: Date) {
  return describeInvitation(await findPending(db, stationId, id), now);
}

/** A new link (the old one stops working) and a new expiry, sent as the first one was. */
export async function resendInvitation(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'config' | 'email' | 'stationId'>,
  input: { id: string; language?: TInvitationLanguage },
) {
  await findPending(ctx.db, ctx.stationId, input.id);
  const token = randomToken();
  const row = await repo.renewPending(ctx.db, ctx.stationId, input.id, {
    tokenHash: sha256(token),
    expiresAt: new Date(ctx.now.getTime() + INVITATION_DAYS * DAY_MS),
  });
  if (!row) throw notFound('invitation_not_found');
  await sendInvitation(ctx, row, token, input.language);
  return describeInvitation(row, ctx.now);
}

export async function revokeInvitation(ctx: Pick<TServiceContext, 'db' | 'now' | 'stationId'>, id: string) {
  if (!(await repo.revokePending(ctx.db, ctx.stationId, id, ctx.now))) throw notFound('invitation_not_found');
}

const invalidLink = () => new AppError(INVITATION_ERROR_CODES.invalid);

/** The live invitation of a link with its station's name; anything else is the one invalid-link error. */
async function openInvitation(db: DbOrTx, token: string, now: Date) {
  const invitation = await repo.findLiveByTokenHash(db, sha256(token), now);
  // The station module owns the name; an invitation is deleted with its station, so none is a bad link.
  const station = invitation && (await getStationSummary(db, invitation.stationId));
  // An address that has an account (made meanwhile, or of another station) cannot accept.
  if (!invitation || !station || (await findUserByEmail(db, invitation.email))) throw invalidLink();
  return { invitation, stationName: station.displayName };
}

export async function previewInvitation(ctx: Pick<TServiceContext, 'db' | 'now'>, token: string) {
  const { invitation, stationName } = await openInvitation(ctx.db, token, ctx.now);
  return { station_display_name: stationName, email: invitation.email, full_name: invitation.fullName };
}

/**
 * Creates the account from the invitation (role, phone and API access as the admin chose) and
 * marks it accepted, in one transaction; nothing is written when the link is no longer good.
 */
export async function acceptInvitation(
  ctx: Pick<TServiceContext, 'db' | 'now'>,
  input: TAcceptInvitationRequest,
) {
  const { db, now } = ctx;
  await openInvitation(db, input.token, now);
  const passwordHash = await hashPassword(input.password);
  return db
    .transaction(async (tx) => {
      const accepted = await repo.markAccepted(tx, sha256(input.token), now);
      if (!accepted) throw invalidLink();
      const user = await createUserWithHash(tx, {
        stationId: accepted.stationId,
        email: accepted.email,
        passwordHash,
        fullName: input.full_name,
        phoneNumber: accepted.phoneNumber,
        role: accepted.role,
        apiAccessEnabled: accepted.apiAccessEnabled,
        language: input.language,
      });
      return { id: user.id, stationId: accepted.stationId };
    })
    .catch((error: unknown) => {
      // The address got an account after the check above (users_email_key): nothing is kept.
      if (isUniqueViolation(error)) throw invalidLink();
      throw error;
    });
}
