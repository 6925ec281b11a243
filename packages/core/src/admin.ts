/**
 * Administration (Settings > Administration and `/api/admin/*`, administrators only): the users
 * with their role and usage, invitations, the sign-up mode and the server's state
 * (docs/decisions/077-administration-in-settings.md).
 */
import { z } from './zod.ts';

/** Who may create an account: anyone, invited addresses only, or nobody. */
export const signupModeSchema = z.enum(['open', 'invite', 'closed']);
export type SignupModeValue = z.infer<typeof signupModeSchema>;

/** A user's role. */
export const userRoleSchema = z.enum(['admin', 'user']);
export type UserRoleValue = z.infer<typeof userRoleSchema>;

/** A user as an administrator sees them. */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  createdAt: z.iso.datetime({ offset: true }),
  /**
   * The latest sign-in, session renewal or API key use; null when none is on record (sessions
   * that ended are forgotten).
   */
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the account was disabled; null while it may sign in. */
  disabledAt: z.iso.datetime({ offset: true }).nullable(),
  meetings: z.number().int(),
  /** Bytes of the user's stored objects (recordings), summed from the storage listing. */
  storageBytes: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/admin/users`: every user, oldest account first. */
export const adminUserListSchema = z.object({ users: z.array(adminUserSchema) });

/** Body of `PUT /api/admin/users/{id}/role`. */
export const setUserRoleSchema = z.object({ role: userRoleSchema }).strict();

/** Body of `PUT /api/admin/users/{id}/disabled`. */
export const setUserDisabledSchema = z.object({ disabled: z.boolean() }).strict();

/** An invited address. */
export const adminInviteSchema = z.object({
  email: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;

/** `GET /api/admin/invites`. */
export const adminInviteListSchema = z.object({ invites: z.array(adminInviteSchema) });

/** Body of `POST /api/admin/invites`. */
export const createInviteSchema = z
  .object({
    email: z
      .string()
      .transform((s) => s.trim().toLowerCase())
      .pipe(z.email('Enter an e-mail address').max(254)),
  })
  .strict();

/** `GET` and body of `PUT /api/admin/signup`: `source` says whether Settings or SIGNUP decided. */
export const signupSettingSchema = z.object({
  mode: signupModeSchema,
  source: z.enum(['settings', 'environment']),
});
export type SignupSetting = z.infer<typeof signupSettingSchema>;

/** Body of `PUT /api/admin/signup`. */
export const setSignupModeSchema = z.object({ mode: signupModeSchema }).strict();

/** `GET /api/admin/server`: what runs and what it holds. Sizes in bytes. */
export const serverStateSchema = z.object({
  version: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    migrations: z.object({ applied: z.number().int(), pending: z.array(z.string()) }),
  }),
  storage: z.object({
    kind: z.enum(['local', 's3']),
    objects: z.number().int(),
    bytes: z.number(),
  }),
  queues: z.array(
    z.object({
      name: z.string(),
      queued: z.number().int(),
      active: z.number().int(),
      failed: z.number().int(),
    }),
  ),
  models: z.array(
    z.object({ id: z.string(), name: z.string(), kind: z.string(), sizeBytes: z.number() }),
  ),
});
export type ServerState = z.infer<typeof serverStateSchema>;
