/** Summy's whole Drizzle schema, split by domain. */
export * from './auth.ts';
export * from './meetings.ts';
export * from './todos.ts';
export * from './chats.ts';
export * from './accounts.ts';
export * from './search.ts';
export * from './integrations.ts';
export * from './voices.ts';
export * from './api-keys.ts';
export * from './webhooks.ts';
export * from './live.ts';
export * from './shares.ts';
