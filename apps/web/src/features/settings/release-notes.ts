/**
 * The release notes Settings › What's New shows (release notes for v1.0.0 to v1.3.0 and a
 * coming-soon list, describing what Summy really has). Each line was checked against the code,
 * docs/product.md, docs/self-hosting.md and the git history when written: v1.0.0 is the meeting
 * experience, v1.1.0 the Google work and local speech models, v1.2.0 to-dos and their
 * integrations, the Home dashboard, /meetings and the AI preferences, v1.3.0 exports, the API,
 * MCP and webhooks, search everywhere, speaker names and voice profiles, series memory, local
 * notes models, backup and restore, and administrators. Add a release at the top; keep 'Coming
 * soon' to things not built.
 */

/** One release: its version, a one-line theme, and what a person can now do. */
export interface ReleaseNote {
  /** Semantic version without a prefix, e.g. '1.2.0' (shown as 'v1.2.0'). */
  version: string;
  /** The day it was released, 'YYYY-MM-DD' (shown as 'Dec 7, 2026'); unrecorded for the first. */
  date?: string;
  /** What the release is about, one line. */
  title: string;
  /** What changed for the person using Summy, one sentence each. */
  highlights: readonly string[];
}

/** Summy's releases, newest first. */
export const RELEASE_NOTES: readonly ReleaseNote[] = [
  {
    version: '1.3.0',
    date: '2026-12-07',
    title: 'Search, exports, an API, and meetings that remember',
    highlights: [
      'Search everywhere with Ctrl+K (Cmd+K on a Mac): meeting titles, transcript words, summaries, to-dos, contacts, past chats and commands in one place.',
      'Export a meeting as Markdown for Obsidian, a plain-text transcript, SRT or WebVTT subtitles, Word (DOCX), PDF or JSON, or your whole account as a zip.',
      'Name the speakers of a transcript: the names reach the summary, the action items and the assistant’s answers, with Undo.',
      'Voice profiles: once you have named someone, Summy suggests their name when their voice is heard in a later meeting (with the local speaker model).',
      'Series memory: a recurring meeting shows ‘Last time’, with the previous meeting’s summary, its decisions and the items still open, and suggests which were done.',
      'Notes models that run on your server: once an administrator downloads one in Settings, summaries and action items are written with no API key.',
      'Personal API keys, read only or read and write, for your scripts.',
      'An MCP server for AI assistants: search your meetings, read transcripts and action items, ask questions, and with a read-write key create and complete to-dos.',
      'Webhooks: a signed request to your endpoint when a meeting is processed or deleted, or a to-do is created or completed.',
      'Backup and restore: one command backs up the database and the recordings while the server runs; another restores them into an empty server.',
      'Administrators: the first account manages the server’s models, and sign-up can be open to anyone, by invitation or closed.',
    ],
  },
  {
    version: '1.2.0',
    title: 'To-dos, integrations, a home screen and your choice of AI',
    highlights: [
      'My to-dos: action items from your meetings become to-dos you can star, complete, rename and delete with undo.',
      'Linear: connect your workspace, see and edit your assigned issues, and send an action item to Linear.',
      'Apple Reminders: connect with an app-specific password, pick the lists to sync, complete and rename reminders.',
      'Home dashboard with recent meetings, upcoming events (record straight from one) and recent to-dos.',
      'All meetings in one list, searchable by title and by words said in the meeting.',
      'Choose the AI model for summaries and for chat, and a summary template: general, one-on-one, stand-up, interview or sales call.',
      'Regenerate a meeting’s summary with another template or model; the previous summary stays until the new one is saved.',
      'Install Summy as an app from your browser, with a light or dark app icon; the app opens offline.',
      'Demo data: one command fills an account with real meetings, summaries, to-dos and chats.',
    ],
  },
  {
    version: '1.1.0',
    title: 'Google accounts, calendar and contacts',
    highlights: [
      'Continue with Google, link more Google accounts and choose your primary account.',
      'A week calendar of the events of every linked account, with event details.',
      'Link a meeting to its calendar event: its attendees, with photos from your contacts, and its recurring series show on the meeting.',
      'Contacts gathered from your calendar and Google contacts, searchable and kept in sync.',
      'Local speech models: download a more accurate recognizer in Settings and transcribe again on your own server.',
    ],
  },
  {
    version: '1.0.0',
    title: 'The meeting experience',
    highlights: [
      'Record in the browser with pause and resume; recordings survive a closed tab or a dropped network.',
      'Upload audio or video files, large ones resumed after an interruption.',
      'Transcripts with speakers told apart, offline by default or with Deepgram or a Whisper-compatible server.',
      'A title, a summary with topics and action items for every meeting, even with no AI key configured.',
      'The Meeting Assistant answers questions about one meeting or all of them, citing the transcript.',
      'Meetings grouped by date in the sidebar, updated live; light and dark themes.',
    ],
  },
];

/** Things people ask for that Summy does not do yet (not promises of dates). */
export const COMING_SOON: readonly string[] = [
  'A live transcript while you record (today it is written once the recording stops).',
  'Sharing a meeting’s notes with people who were not there.',
  'A desktop app (today Summy installs from the browser).',
  'More integrations beyond Linear and Apple Reminders.',
];
