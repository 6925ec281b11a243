/**
 * `GET` and `POST /api/s/{token}`: what a share link shows to anyone holding it, no account
 * needed. Unknown, revoked and expired tokens and deleted meetings all answer the same 404.
 * Guesses and wrong passwords are counted with the sign-in limiter's counters
 * (services/auth/attempts.ts), in the database so every server shares them.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { notesMarkdown, SHARE_AUDIO_TTL_S, type SharedPage } from '@summy/core';
import { meetingNotes, meetingShares, type Database } from '@summy/db';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../../errors/app-errors.ts';
import type { Storage } from '../../storage/types.ts';
import { refundAttempt, takeAttempt, type AttemptRule } from '../auth/attempts.ts';
import { getMeeting } from '../meetings/get-meeting.ts';
import { sharedActionItems } from './share-rows.ts';
import { hashShareToken, looksLikeShareToken, verifySharePassword } from './share-tokens.ts';

/** Limits of the share routes: attempts per window in seconds. */
export const SHARE_LIMITS = {
  /** Unknown tokens and wrong passwords from one client address (IPv6: its /64): 30 per 15 minutes. */
  addressFailures: { max: 30, windowSeconds: 15 * 60 },
  /** Wrong passwords of one link, from anywhere: 10 per 15 minutes. */
  linkFailures: { max: 10, windowSeconds: 15 * 60 },
} as const;

/** Who asks and with what. */
export interface OpenShareRequest {
  token: string;
  /** The password typed on the page; undefined for the first `GET`. */
  password?: string;
  /** The client's address key (http/client-address.ts `addressKey`), for the guess limit. */
  address: string;
}

type ShareRow = typeof meetingShares.$inferSelect;

/**
 * The shared meeting's chosen parts (a part not chosen is null; My notes only when chosen), or
 * `{passwordRequired: true}` for a link with a password when none was given. Counts a view for
 * every answer with the meeting. The recording is a signed URL valid {@link SHARE_AUDIO_TTL_S}.
 * @throws NotFoundError for an unknown, revoked or expired token or a deleted meeting (one answer)
 * @throws ForbiddenError 403 'Wrong password'
 * @throws TooManyRequestsError 429 with Retry-After when the address or the link's counter is spent
 */
export async function openSharedMeeting(
  db: Database,
  storage: Pick<Storage, 'signedUrl'>,
  request: OpenShareRequest,
): Promise<SharedPage> {
  const share = await findLiveShare(db, request);
  if (share.passwordHash) {
    if (request.password === undefined) return { passwordRequired: true };
    await checkPassword(db, share, request);
  }
  const [viewed] = await db
    .update(meetingShares)
    .set({ viewCount: sql`${meetingShares.viewCount} + 1`, lastViewedAt: new Date() })
    .where(eq(meetingShares.id, share.id))
    .returning({ id: meetingShares.id });
  if (!viewed) throw new NotFoundError('Share link');
  return sharedParts(db, storage, share);
}

// The live link of the token; a miss costs one attempt from the address's failure counter.
async function findLiveShare(db: Database, request: OpenShareRequest): Promise<ShareRow> {
  const rule: AttemptRule = {
    key: `share:fail:${request.address}`,
    ...SHARE_LIMITS.addressFailures,
  };
  const decision = await takeAttempt(db, [rule]);
  if (!decision.allowed) throw new TooManyRequestsError(decision.retryAfterSeconds);
  const [share] = looksLikeShareToken(request.token)
    ? await db
        .select()
        .from(meetingShares)
        .where(
          and(
            eq(meetingShares.tokenHash, hashShareToken(request.token)),
            isNull(meetingShares.revokedAt),
            or(isNull(meetingShares.expiresAt), sql`${meetingShares.expiresAt} > now()`),
          ),
        )
    : [];
  if (!share) throw new NotFoundError('Share link');
  await refundAttempt(db, [rule.key]);
  return share;
}

// One attempt from the link's and the address's counters, given back when the password is right.
async function checkPassword(db: Database, share: ShareRow, request: OpenShareRequest) {
  const rules: AttemptRule[] = [
    { key: `share:fail:${request.address}`, ...SHARE_LIMITS.addressFailures },
    { key: `share:pw:${share.id}`, ...SHARE_LIMITS.linkFailures },
  ];
  const decision = await takeAttempt(db, rules);
  if (!decision.allowed) throw new TooManyRequestsError(decision.retryAfterSeconds);
  if (!(await verifySharePassword(request.password ?? '', share.passwordHash!))) {
    throw new ForbiddenError('Wrong password');
  }
  await refundAttempt(
    db,
    rules.map((r) => r.key),
  );
}

async function sharedParts(
  db: Database,
  storage: Pick<Storage, 'signedUrl'>,
  share: ShareRow,
): Promise<SharedPage> {
  const shortLived = { signedUrl: (key: string) => storage.signedUrl(key, SHARE_AUDIO_TTL_S) };
  const meeting = await getMeeting(
    db,
    share.ownerId,
    share.meetingId,
    share.includeAudio ? shortLived : undefined,
  );
  return {
    title: meeting.title,
    date: meeting.date,
    duration: meeting.duration,
    summary: share.includeSummary ? meeting.summary : null,
    actionItems: share.includeActionItems ? sharedActionItems(meeting) : null,
    transcript: share.includeTranscript ? meeting.transcript : null,
    speakerNames: share.includeTranscript || share.includeSummary ? meeting.speakerNames : {},
    audioUrl: share.includeAudio ? meeting.audioUrl : null,
    notes: share.includeNotes ? await ownerNotes(db, share) : null,
  };
}

async function ownerNotes(db: Database, share: ShareRow): Promise<string | null> {
  const [row] = await db
    .select({ blocks: meetingNotes.blocks })
    .from(meetingNotes)
    .where(
      and(eq(meetingNotes.meetingId, share.meetingId), eq(meetingNotes.userId, share.ownerId)),
    );
  const markdown = row ? notesMarkdown(row.blocks) : '';
  return markdown.trim() ? markdown : null;
}
