/**
 * Voice profiles: a person's voiceprint, made from the meetings where the user gave one of the
 * transcript's speakers that person's name. Personal data: deleted with the contact, the meeting
 * it came from and the account, and never read across users.
 */
import { sql } from 'drizzle-orm';
import {
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from './accounts.ts';
import { user } from './auth.ts';
import { meetings } from './meetings.ts';

/**
 * One person's voice profile for one speaker embedding model (embeddings of different models are
 * not comparable), by the name the user gave a speaker; linked to the contact of that name or
 * e-mail when there is one (then `contacts.voice_id` is this profile's id). `sample_key` is the
 * stored clip of their voice the user can play.
 */
export const voiceProfiles = pgTable(
  'voice_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The person's name as the user gave it to a speaker. */
    name: text('name').notNull(),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    /** Catalog id of the speaker embedding model. */
    model: text('model').notNull(),
    /** Storage key of a short clip of the voice (AAC in MP4); null until one was cut. */
    sampleKey: text('sample_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voice_profiles_user_model_name_uq').on(t.userId, t.model, t.name),
    index('voice_profiles_contact_idx').on(t.contactId),
  ],
);

/**
 * A meeting's contribution to a voice profile: the named speakers' mean embedding (unit length).
 * The profile's voiceprint is the mean over its meetings, so renaming a speaker away, or
 * deleting the meeting, takes that meeting's voice out again.
 */
export const voiceProfileMeetings = pgTable(
  'voice_profile_meetings',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => voiceProfiles.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** The transcript labels named after the contact ('Speaker 2'; several after a merge). */
    speakers: jsonb('speakers')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    embedding: jsonb('embedding').$type<number[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'voice_profile_meetings_pk', columns: [t.profileId, t.meetingId] }),
    index('voice_profile_meetings_meeting_idx').on(t.meetingId),
  ],
);
