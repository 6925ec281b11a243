/** @summy/core: contracts and pure domain rules shared by web and server. No I/O here. */
// First, before any schema is built: zod's eval probe in browsers (see the module).
import './zod-jitless.ts';
export * from './errors.ts';
export * from './priority.ts';
export * from './todos.ts';
export * from './contracts.ts';
export * from './ai-preferences.ts';
export * from './notices.ts';
export * from './limits.ts';
export * from './transcription.ts';
export * from './generation.ts';
export * from './progress.ts';
export * from './transcript.ts';
export * from './speaker-names.ts';
export * from './completeness.ts';
export * from './date-groups.ts';
export * from './recording.ts';
export * from './chat.ts';
export * from './playback-time.ts';
export * from './google.ts';
export * from './models.ts';
export * from './avatars.ts';
export * from './calendar.ts';
export * from './contacts.ts';
export * from './linear.ts';
export * from './reminders.ts';
export * from './popup-pages.ts';
export * from './contacts-sync.ts';
