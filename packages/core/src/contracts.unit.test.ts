import { describe, expect, it } from 'vitest';
import { createMeetingSchema, createTodoSchema, updateMeetingSchema } from './contracts.ts';

describe('API contracts', () => {
  it('rejects unknown meeting fields, so a client cannot set user_id', () => {
    expect(createMeetingSchema.safeParse({ title: 'x', user_id: 'someone' }).success).toBe(false);
    expect(updateMeetingSchema.safeParse({ userId: 'someone' }).success).toBe(false);
  });
  it('rejects an empty meeting title but allows an empty to-do title', () => {
    expect(createMeetingSchema.safeParse({ title: '   ' }).success).toBe(false);
    expect(createTodoSchema.parse({})).toEqual({ title: '' });
  });
  it('requires meeting ids to be UUIDs', () => {
    expect(createTodoSchema.safeParse({ meetingId: '1; drop table' }).success).toBe(false);
  });
});
