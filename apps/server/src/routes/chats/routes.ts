/**
 * Chats and their messages: the last 200 chats newest first, create, update the title or context,
 * messages by timestamp ascending. Scoped to the user.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  chatMessageSchema,
  chatSchema,
  createChatMessageSchema,
  createChatSchema,
  updateChatSchema,
} from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, idParam, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import { createChat } from '../../services/chats/create-chat.ts';
import { createChatMessage } from '../../services/chats/create-chat-message.ts';
import { listChatMessages } from '../../services/chats/list-chat-messages.ts';
import { listChats } from '../../services/chats/list-chats.ts';
import { updateChat } from '../../services/chats/update-chat.ts';

const tags = ['chats'];

/** `/api/chats` routes. */
export function chatRoutes({ database: { db } }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: "The user's last 200 chats, newest first",
        responses: { 200: jsonAnswer(z.array(chatSchema), 'Chats'), ...errorResponses },
      }),
      async (c) => c.json(await listChats(db, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary: "Create a chat about some of the user's meetings",
        request: { body: jsonBody(createChatSchema) },
        responses: { 201: jsonAnswer(chatSchema, 'The new chat'), ...errorResponses },
      }),
      async (c) => c.json(await createChat(db, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/{id}',
        tags,
        summary: "Update a chat's title or context meetings",
        request: { params: idParam, body: jsonBody(updateChatSchema) },
        responses: { 200: jsonAnswer(chatSchema, 'The updated chat'), ...errorResponses },
      }),
      async (c) =>
        c.json(
          await updateChat(db, c.var.userId, c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/messages',
        tags,
        summary: 'Messages of a chat, timestamp ascending',
        request: { params: idParam },
        responses: { 200: jsonAnswer(z.array(chatMessageSchema), 'Messages'), ...errorResponses },
      }),
      async (c) => c.json(await listChatMessages(db, c.var.userId, c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/messages',
        tags,
        summary: 'Add a message to a chat',
        request: { params: idParam, body: jsonBody(createChatMessageSchema) },
        responses: { 201: jsonAnswer(chatMessageSchema, 'The new message'), ...errorResponses },
      }),
      async (c) =>
        c.json(
          await createChatMessage(db, c.var.userId, c.req.valid('param').id, c.req.valid('json')),
          201,
        ),
    );
}

const looseMessageBody = createChatMessageSchema.extend({
  chatId: z.string().uuid().nullable().optional(),
});

/**
 * `POST /api/chat-messages`: a message with an optional chat (an insert that fails on chat_id is
 * retried without it when a meeting id exists). Answers 201 with the message, 404 when the chat or
 * meeting is not the user's.
 */
export function chatMessageRoutes({ database: { db } }: AppDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Add a message, to a chat or (chatId null) to none',
      request: { body: jsonBody(looseMessageBody) },
      responses: { 201: jsonAnswer(chatMessageSchema, 'The new message'), ...errorResponses },
    }),
    async (c) => {
      const { chatId, ...message } = c.req.valid('json');
      return c.json(await createChatMessage(db, c.var.userId, chatId ?? null, message), 201);
    },
  );
}
