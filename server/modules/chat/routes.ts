import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import {
  ChatClientMessageSchema,
  ChatConversationSchema,
  ChatIdentityQuerySchema,
  HistoryPageSchema,
  HistoryQuerySchema,
  ReadReceiptSchema,
  UnreadCountSchema,
  StartConversationSchema,
  TYPING_TTL_MS,
  type ChatServerMessage,
} from '../../../domain/chat/schemas';
import { currentUser, requireUser } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { forbidden, HttpError } from '../../platform/errors';
import { CLOSE, TOO_MANY_MESSAGES } from '../../platform/live/gateway';
import { conversationView, history, listConversations, markRead, messagesSince, otherParticipant, sendMessage, startConversation, unreadCount } from './service';
import { IdParams as SharedIdParams } from '../../../domain/ids';
import { ACCOUNT_DISABLED } from '../../../domain/admin/users';

const IdParams = SharedIdParams('Invalid conversation id');
const ReadBody = z.object({ userId: z.number().int().optional(), upToId: z.number().int().min(0).optional() }).optional();

export const chatTopic = (userId: number) => `chat-user:${userId}`;
/** A chat message's key on the sockets: the sender's socket gets it as the answer to its send, and not again. */
const messageKey = (id: number) => `chat-message:${id}`;
/** Frames one chat socket may have waiting (the gateway's budget keeps it far below this). */
const MAX_QUEUED = 64;

/** The spec's userId parameter is accepted, but it must be the caller. */
function sameUser(request: FastifyRequest, userId: number | undefined) {
  if (userId !== undefined && userId !== currentUser(request).id) throw forbidden('You can only act as yourself');
}

export async function chatRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireUser };

  r.get('/api/chat/conversations', { ...signedIn, schema: { querystring: ChatIdentityQuerySchema, response: { 200: z.array(ChatConversationSchema) } } }, async (request, reply) => {
    sameUser(request, request.query.userId);
    reply.header('cache-control', 'no-store');
    return listConversations(ctx.db, currentUser(request).id);
  });

  r.post('/api/chat/conversations', { ...signedIn, schema: { body: StartConversationSchema, response: { 200: ChatConversationSchema, 201: ChatConversationSchema } } }, async (request, reply) => {
    sameUser(request, request.body.userId);
    const me = currentUser(request);
    const { created, conversation } = await startConversation(ctx.db, me, request.body);
    return reply.status(created ? 201 : 200).send(await conversationView(ctx.db, me.id, conversation.id));
  });

  r.get('/api/chat/conversations/:id/messages', { ...signedIn, schema: { params: IdParams, querystring: HistoryQuerySchema, response: { 200: HistoryPageSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return history(ctx.db, currentUser(request).id, request.params.id, request.query);
  });

  r.put('/api/chat/conversations/:id/read', { ...signedIn, schema: { params: IdParams, body: ReadBody, response: { 200: ReadReceiptSchema } } }, async (request) => {
    sameUser(request, request.body?.userId);
    return markRead(ctx.events, currentUser(request).id, request.params.id, request.body?.upToId);
  });

  r.get('/api/chat/unread', { ...signedIn, schema: { response: { 200: UnreadCountSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { count: await unreadCount(ctx.db, currentUser(request).id) };
  });

  // Typing indicators lapse TYPING_TTL_MS after the last renewal; the instance that heard the typing keeps the timer.
  const typing = new Map<string, { timer: ReturnType<typeof setTimeout>; to: number }>();
  const stopTyping = (conversationId: number, userId: number) => {
    const key = `${conversationId}:${userId}`;
    const t = typing.get(key);
    if (!t) return;
    clearTimeout(t.timer);
    typing.delete(key);
    void ctx.events.announce('chat.typing', { conversationId, userId, to: t.to, typing: false });
  };
  app.addHook('onClose', async () => {
    for (const t of typing.values()) clearTimeout(t.timer);
    typing.clear();
  });

  /** The chat socket: one per signed-in tab; every message of my conversations reaches it (unread badges). */
  app.get('/ws/chat', { websocket: true, onRequest: ctx.live.checkOrigin }, (socket: WebSocket, request) => {
    const send = (m: ChatServerMessage) => ctx.live.send(socket, m);
    if (!request.user) {
      send({ type: 'error', message: 'Sign in to chat' });
      socket.close(CLOSE.unauthorized, 'Sign in to chat');
      return;
    }
    const me = request.user.id;
    ctx.live.attach(socket, [chatTopic(me)]);
    send({ type: 'connected', userId: me });
    /** Conversations this socket was verified to take part in, and their other party. */
    const members = new Map<number, number>();
    const member = async (conversationId: number) => {
      let other = members.get(conversationId);
      if (other === undefined) {
        other = await otherParticipant(ctx.db, me, conversationId);
        members.set(conversationId, other);
      }
      return other;
    };
    const mine = new Set<number>();

    // One socket's messages are handled one after another, so a person's messages are stored in the order sent.
    let queue: Promise<void> = Promise.resolve();
    let queued = 0;
    /** Joins waiting in the queue: the same join again answers nothing new, so it is not queued twice. */
    const waitingJoins = new Set<string>();
    socket.on('message', (data) => {
      if (queued >= MAX_QUEUED) {
        send({ type: 'error', message: TOO_MANY_MESSAGES });
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(String(data));
      } catch {
        return send({ type: 'error', message: 'Messages must be JSON' });
      }
      const result = ChatClientMessageSchema.safeParse(json);
      if (!result.success) return send({ type: 'error', message: 'Unknown or malformed message' });
      const parsed = result.data;
      let joinKey: string | undefined;
      if (parsed.type === 'join_conversation') {
        joinKey = `${parsed.conversationId}:${parsed.sinceId ?? ''}`;
        if (waitingJoins.has(joinKey)) return;
        waitingJoins.add(joinKey);
      }
      queued += 1;
      queue = queue.then(async () => {
        queued -= 1;
        if (joinKey) waitingJoins.delete(joinKey);
        const context = { conversationId: parsed.conversationId, ...(parsed.type === 'send_message' ? { clientMessageId: parsed.clientMessageId } : {}) };
        try {
          if ('userId' in parsed && parsed.userId !== undefined && parsed.userId !== me) throw forbidden('You can only act as yourself');
          switch (parsed.type) {
            case 'join_conversation': {
              // A conversation this socket already joined needs no second membership check.
              await member(parsed.conversationId);
              const messages = await messagesSince(ctx.events, me, parsed.conversationId, parsed.sinceId);
              send({ type: 'conversation_joined', conversationId: parsed.conversationId, messages });
              return;
            }
            case 'send_message': {
              stopTyping(parsed.conversationId, me);
              const message = await sendMessage(ctx.events, me, parsed);
              // The answer to the send, on this socket at once, whether or not pub/sub is up; the published copy
              // then reaches the user's other sockets (and the other party's), and not this one again.
              ctx.live.send(socket, { type: 'new_message', message } satisfies ChatServerMessage, messageKey(message.id));
              return;
            }
            case 'user_typing': {
              const to = await member(parsed.conversationId);
              const key = `${parsed.conversationId}:${me}`;
              const prior = typing.get(key);
              if (prior) clearTimeout(prior.timer);
              typing.set(key, { to, timer: setTimeout(() => stopTyping(parsed.conversationId, me), TYPING_TTL_MS) });
              mine.add(parsed.conversationId);
              if (!prior) await ctx.events.announce('chat.typing', { conversationId: parsed.conversationId, userId: me, to, typing: true });
              return;
            }
            case 'user_stop_typing':
              await member(parsed.conversationId);
              stopTyping(parsed.conversationId, me);
              return;
            case 'mark_read':
              await markRead(ctx.events, me, parsed.conversationId, parsed.upToId);
              return;
          }
        } catch (err) {
          const message = err instanceof HttpError ? err.message : 'Something went wrong; please try again';
          if (!(err instanceof HttpError)) ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'chat socket message failed');
          send({ type: 'error', message, ...context });
        }
      });
    });
    socket.on('close', () => {
      for (const conversationId of mine) stopTyping(conversationId, me);
    });
  });

  ctx.live.relay((event) => {
    switch (event.type) {
      case 'chat.message':
        return event.payload.to.map((userId) => ({
          topic: chatTopic(userId),
          message: { type: 'new_message', message: event.payload.message } satisfies ChatServerMessage,
          key: messageKey(event.payload.message.id),
        }));
      case 'chat.typing': {
        const p = event.payload;
        return [{ topic: chatTopic(p.to), message: { type: p.typing ? 'user_typing' : 'user_stop_typing', conversationId: p.conversationId, userId: p.userId } satisfies ChatServerMessage }];
      }
      case 'account.disabled':
        // The account's sessions ended with the disabling; its open chat sockets go too (4401: no reconnecting).
        return [
          {
            topic: chatTopic(event.payload.userId),
            message: { type: 'error', message: ACCOUNT_DISABLED } satisfies ChatServerMessage,
            close: { code: CLOSE.unauthorized, reason: 'Account disabled' },
          },
        ];
      case 'chat.read': {
        const p = event.payload;
        return [{ topic: chatTopic(p.to), message: { type: 'messages_read', conversationId: p.conversationId, userId: p.userId, upToId: p.upToId } satisfies ChatServerMessage }];
      }
      default:
        return [];
    }
  });
}
