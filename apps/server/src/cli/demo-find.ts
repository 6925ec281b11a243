/**
 * Recognises what an earlier demo run left in an account (see demo.ts): a demo meeting by its
 * speech and duration, a demo chat by its meeting and its first question.
 */
import type { Database } from '@summy/db';
import { parseTranscript } from '../providers/llm/transcript.ts';
import { listChatMessages } from '../services/chats/list-chat-messages.ts';
import { listChats } from '../services/chats/list-chats.ts';
import { getMeeting } from '../services/meetings/get-meeting.ts';
import { listMeetings, MEETING_PAGE } from '../services/meetings/list-meetings.ts';
import type { DemoChatResult } from './demo-build.ts';
import type { DemoSource } from './demo-corpus.ts';

/** What a transcript says, without its speaker labels: how a demo meeting is recognised. */
function speechOf(transcript: string | null): string {
  return parseTranscript(transcript ?? '')
    .map((p) => p.text)
    .join('\n');
}

/** The ids of the user's demo meetings by source name, newest first (the list's order). */
export async function findDemoMeetings(
  db: Database,
  userId: string,
  sources: DemoSource[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(sources.map((s) => [s.name, []]));
  const speech = new Map(sources.map((s) => [s.name, speechOf(s.transcript)]));
  let cursor: string | undefined;
  do {
    const page = await listMeetings(db, userId, { limit: MEETING_PAGE.max, cursor });
    for (const item of page.items) {
      // The duration is on the list; only a meeting as long as a demo one is read whole.
      const candidates = sources.filter(
        (s) => !item.isProcessing && Math.abs(item.duration - s.durationMinutes) < 1e-6,
      );
      if (candidates.length === 0) continue;
      const said = speechOf((await getMeeting(db, userId, item.id)).transcript);
      for (const s of candidates) if (said === speech.get(s.name)) found.get(s.name)!.push(item.id);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return found;
}

/** The user's demo chats: about one demo meeting and opened by one of the demo's questions. */
export async function findDemoChats(
  db: Database,
  userId: string,
  meetingIds: Set<string>,
  questions: Set<string>,
): Promise<Omit<DemoChatResult, 'status'>[]> {
  const chats = (await listChats(db, userId)).filter(
    (c) => c.contextMeetingIds.length === 1 && meetingIds.has(c.contextMeetingIds[0]!),
  );
  const demo: Omit<DemoChatResult, 'status'>[] = [];
  for (const chat of chats) {
    const [first] = await listChatMessages(db, userId, chat.id);
    if (first?.isUser && questions.has(first.content)) {
      demo.push({
        id: chat.id,
        title: chat.title,
        meetingId: chat.contextMeetingIds[0]!,
        question: first.content,
      });
    }
  }
  return demo;
}
