/**
 * Where each search result leads: a meeting at its matching transcript turn
 * (`/meeting/{id}?view=transcript&turn=N`, the same address the assistant's citations use), its
 * summary or its top; a to-do on the to-do screen; a contact on the contacts screen; a past chat in
 * the Meeting Assistant. Pure, so it is unit-tested without a browser.
 */
import { citationHref, type ChatHit, type SearchResults } from '@summy/core';
import { todoHref } from '@/lib/todo-href';

/** A result the palette can open; `value` is its row's unique cmdk value. */
export type PaletteTarget =
  { kind: 'href'; value: string; href: string } | { kind: 'chat'; value: string; chat: ChatHit };

/** The address of a meeting hit: at the turn, the summary, or the meeting itself. */
export function meetingHref(hit: SearchResults['meetings'][number]): string {
  if (hit.section === 'transcript' || hit.section === 'summary') {
    return citationHref({ meetingId: hit.id, section: hit.section, turnIndex: hit.position });
  }
  return `/meeting/${hit.id}`;
}

/** The contacts screen searching for this contact's e-mail. */
export function contactHref(email: string): string {
  return `/contacts?${new URLSearchParams({ q: email })}`;
}

/** Every result's target, in the palette's order: meetings, to-dos, contacts, chats. */
export function resultTargets(results: SearchResults): PaletteTarget[] {
  return [
    ...results.meetings.map((m) => ({
      kind: 'href' as const,
      value: `meeting:${m.id}`,
      href: meetingHref(m),
    })),
    ...results.todos.map((t) => ({
      kind: 'href' as const,
      value: `todo:${t.id}`,
      href: todoHref(t.id),
    })),
    ...results.contacts.map((c) => ({
      kind: 'href' as const,
      value: `contact:${c.id}`,
      href: contactHref(c.email.text),
    })),
    ...results.chats.map((c) => ({ kind: 'chat' as const, value: `chat:${c.id}`, chat: c })),
  ];
}
