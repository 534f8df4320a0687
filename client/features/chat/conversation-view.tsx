import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, RotateCcw, SendHorizontal, Trash2 } from 'lucide-react';
import { CHAT_MESSAGE_MAX, type ChatConversation, type ChatMessage } from '@domain/chat/schemas';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { Spinner } from '@client/ui/spinner';
import { Textarea } from '@client/ui/textarea';
import { toast } from '@client/ui/use-toast';
import { CONVERSATIONS_KEY, markConversationRead, UNREAD_KEY } from './chat-api';
import { formatMessageTime } from './chat-format';
import { useChatClient, useChatConnection, useConversationState, useOutbox } from './chat-provider';
import { ConnectionStatus } from './connection-status';
import { checkDraft, COUNTER_FROM, lastIncomingId, tickOf } from './messages';
import type { OutboxEntry } from './outbox';

/** Typing is renewed this often while the person keeps typing (the server lets it lapse after 6 s). */
const TYPING_RENEW_MS = 3000;
/** Closer than this to the bottom, new messages keep the list scrolled to the end. */
const STICK_PX = 80;

type Props = {
  conversation: ChatConversation;
  myId: number;
  /** Narrow layouts show one pane at a time: back to the list. */
  onBack?: () => void;
};

/** One open conversation: history, live messages, ticks, typing, the composer and the connection status. */
export function ConversationView({ conversation, myId, onBack }: Props) {
  const client = useChatClient();
  const queryClient = useQueryClient();
  const connection = useChatConnection();
  const state = useConversationState(conversation.id);
  const outbox = useOutbox();
  const pending = outbox.filter((e) => e.conversationId === conversation.id);
  const name = conversation.otherParty.name;
  const titleId = useId();

  // Join while open (the connection re-joins after reconnects), and take the list's read mark as a start.
  useEffect(() => client?.join(conversation.id), [client, conversation.id]);
  useEffect(() => client?.seedReadUpTo(conversation.id, conversation.otherReadUpTo), [client, conversation.id, conversation.otherReadUpTo]);

  // A refused message: the spec's toast (the bubble says why and offers Retry).
  useEffect(
    () =>
      client?.subscribe((m) => {
        if (m.type === 'error' && m.clientMessageId && m.conversationId === conversation.id && !/too fast/i.test(m.message)) {
          toast({ title: 'Error', description: 'Failed to send message', variant: 'destructive' });
        }
      }),
    [client, conversation.id],
  );

  useMarkRead(conversation.id, lastIncomingId(state.messages, myId), state.loaded);

  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const loadEarlier = async () => {
    if (!client) return;
    setLoadingEarlier(true);
    try {
      await client.loadEarlier(conversation.id);
    } catch {
      toast({ title: 'Error', description: 'Failed to load earlier messages', variant: 'destructive' });
    } finally {
      setLoadingEarlier(false);
    }
  };

  const announcement = useIncomingAnnouncement(state.messages, state.loaded, myId, name);
  const scrollRef = useStickToBottom(state.messages, pending.length, state.typing, myId);

  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
  };

  return (
    <section aria-labelledby={titleId} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <header className="flex items-start gap-2 border-b border-gray-200 px-3 py-2">
        {onBack ? (
          <Button variant="ghost" size="icon-sm" className="md:hidden" onClick={onBack} aria-label="Back to conversations">
            <ArrowLeft className="size-4" aria-hidden="true" />
          </Button>
        ) : null}
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate font-semibold text-gray-900">
            {name}
          </h3>
          <p className="truncate text-xs text-gray-600">{conversation.serviceName}</p>
          <ConnectionStatus snapshot={connection} className="mt-0.5" />
        </div>
      </header>

      <div
        ref={scrollRef}
        tabIndex={0}
        role="region"
        aria-label={`Messages with ${name}`}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
      >
        {state.hasMore ? (
          <div className="mb-2 flex justify-center">
            <Button variant="outline" size="sm" onClick={() => void loadEarlier()} disabled={loadingEarlier} aria-busy={loadingEarlier}>
              {loadingEarlier ? 'Loading…' : 'Load earlier messages'}
            </Button>
          </div>
        ) : null}
        {!state.loaded && state.messages.length === 0 ? (
          <div className="flex justify-center py-6">
            <Spinner label={connection.state === 'connected' ? 'Loading messages…' : 'Waiting for the connection…'} showLabel />
          </div>
        ) : state.messages.length === 0 && pending.length === 0 ? (
          <p className="py-6 text-center text-sm text-gray-600">No messages yet. Say hello!</p>
        ) : null}
        <ol className="grid gap-2" aria-label="Messages">
          {state.messages.map((m) => (
            <MessageBubble key={m.id} message={m} mine={m.senderId === myId} otherReadUpTo={state.otherReadUpTo} myId={myId} senderName={name} />
          ))}
          {pending.map((e) => (
            <PendingBubble key={e.clientMessageId} entry={e} onRetry={() => client?.retry(e.clientMessageId)} onDiscard={() => client?.discard(e.clientMessageId)} />
          ))}
        </ol>
      </div>

      <p aria-live="polite" className="min-h-5 px-3 text-xs text-gray-600 italic" data-testid="typing-indicator">
        {state.typing ? `${name} is typing…` : ''}
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <Composer
        key={conversation.id}
        conversationId={conversation.id}
        recipient={name}
        onSent={refreshLists}
      />
    </section>
  );
}

function MessageBubble({
  message,
  mine,
  myId,
  otherReadUpTo,
  senderName,
}: {
  message: ChatMessage;
  mine: boolean;
  myId: number;
  otherReadUpTo: number;
  senderName: string;
}) {
  const tick = tickOf(message, myId, otherReadUpTo);
  const time = formatMessageTime(message.createdAt);
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-message-id={message.id} data-mine={mine || undefined} data-status={tick ?? undefined}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-xs',
          mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-gray-100 text-gray-900',
        )}
      >
        <p className="sr-only">{mine ? 'You' : senderName}:</p>
        <p className="break-words whitespace-pre-wrap">{message.message}</p>
        <p className={cn('mt-1 flex items-center justify-end gap-1 text-[11px]', mine ? 'text-brand-100' : 'text-gray-500')}>
          <time dateTime={message.createdAt}>{time}</time>
          {tick ? (
            <span className={cn('font-semibold', tick === 'read' ? 'text-white' : undefined)} data-testid="message-tick">
              <span aria-hidden="true">{tick === 'read' ? '✓✓' : '✓'}</span>
              <span className="sr-only">{tick === 'read' ? 'Read' : 'Sent'}</span>
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}

function PendingBubble({ entry, onRetry, onDiscard }: { entry: OutboxEntry; onRetry: () => void; onDiscard: () => void }) {
  return (
    <li className="flex justify-end" data-client-message-id={entry.clientMessageId} data-mine data-status={entry.error ? 'failed' : 'sending'}>
      <div className={cn('max-w-[85%] rounded-2xl rounded-br-sm px-3 py-2 text-sm', entry.error ? 'border border-red-300 bg-red-50 text-red-900' : 'bg-brand-600/70 text-white')}>
        <p className="sr-only">You:</p>
        <p className="break-words whitespace-pre-wrap">{entry.message}</p>
        {entry.error ? (
          <div className="mt-1 grid gap-1 text-xs">
            <p>Not sent: {entry.error}</p>
            <div className="flex justify-end gap-1">
              <Button variant="outline" size="sm" onClick={onRetry}>
                <RotateCcw className="size-3.5" aria-hidden="true" />
                Retry
              </Button>
              <Button variant="ghost" size="sm" onClick={onDiscard}>
                <Trash2 className="size-3.5" aria-hidden="true" />
                Delete
              </Button>
            </div>
          </div>
        ) : (
          <p className="mt-1 text-right text-[11px] text-brand-50">
            <time dateTime={entry.createdAt}>{formatMessageTime(entry.createdAt)}</time> · Sending…
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * Spec 000 section 4: typing start on the first character (renewed every few seconds while typing), typing stop on
 * empty input or after sending. Enter sends, Shift+Enter starts a new line.
 */
function Composer({ conversationId, recipient, onSent }: { conversationId: number; recipient: string; onSent: () => void }) {
  const client = useChatClient();
  const [draft, setDraft] = useState('');
  const typingSentAt = useRef(0);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const check = checkDraft(draft);
  const length = draft.trim().length;
  const tooLong = length > CHAT_MESSAGE_MAX;

  const stopTyping = () => {
    if (typingSentAt.current === 0) return;
    typingSentAt.current = 0;
    client?.send({ type: 'user_stop_typing', conversationId });
  };

  // Leaving the conversation ends the typing indicator on the other side.
  useEffect(
    () => () => {
      if (typingSentAt.current !== 0) client?.send({ type: 'user_stop_typing', conversationId });
    },
    [client, conversationId],
  );

  // Opening a conversation puts the cursor where the reply goes.
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const onChange = (value: string) => {
    setDraft(value);
    if (value.length === 0) {
      stopTyping();
      return;
    }
    const now = Date.now();
    if (now - typingSentAt.current >= TYPING_RENEW_MS && client?.send({ type: 'user_typing', conversationId })) typingSentAt.current = now;
  };

  const submit = () => {
    if (!check.ok || !client) return;
    client.sendMessage(conversationId, check.text);
    setDraft('');
    stopTyping();
    onSent();
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-1 border-t border-gray-200 p-2" aria-label={`Message ${recipient}`}>
      <div className="flex items-end gap-2">
        <label htmlFor={`chat-input-${conversationId}`} className="sr-only">
          Message to {recipient}
        </label>
        <Textarea
          ref={inputRef}
          id={`chat-input-${conversationId}`}
          rows={1}
          value={draft}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type a message…"
          aria-describedby={length >= COUNTER_FROM ? counterId : undefined}
          aria-invalid={tooLong || undefined}
          className="field-sizing-content max-h-32 min-h-10 resize-none"
        />
        <Button type="submit" size="icon" disabled={!check.ok} aria-label="Send message">
          <SendHorizontal className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <div className="flex justify-between gap-2 px-1 text-[11px] text-gray-500">
        <span className="hidden sm:inline">Enter to send · Shift+Enter for a new line</span>
        {length >= COUNTER_FROM ? (
          <span id={counterId} className={cn('ml-auto tabular-nums', tooLong && 'font-semibold text-red-700')}>
            {tooLong ? `${length - CHAT_MESSAGE_MAX} characters too long · ` : ''}
            {length}/{CHAT_MESSAGE_MAX}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Marks the conversation read up to the newest incoming message while it is open and the page is visible (spec 000
 * section 4: new incoming messages in the open conversation mark it read).
 */
function useMarkRead(conversationId: number, upToId: number, loaded: boolean) {
  const queryClient = useQueryClient();
  const marked = useRef(0);
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  useEffect(() => {
    if (!loaded || !visible || upToId <= marked.current) return;
    marked.current = upToId;
    queryClient.setQueryData<ChatConversation[] | null>(CONVERSATIONS_KEY, (list) =>
      list ? list.map((c) => (c.id === conversationId ? { ...c, unreadCount: 0 } : c)) : list,
    );
    markConversationRead(conversationId, upToId)
      .then(() => void queryClient.invalidateQueries({ queryKey: UNREAD_KEY }))
      .catch(() => {
        // Offline or refused: try again with the next message or visit.
        if (marked.current === upToId) marked.current = 0;
      });
  }, [conversationId, upToId, loaded, visible, queryClient]);
}

/** 'Name: text' for each new incoming message after the first load, for screen readers. */
function useIncomingAnnouncement(messages: readonly ChatMessage[], loaded: boolean, myId: number, name: string): string {
  const [text, setText] = useState('');
  const seen = useRef<number | null>(null);
  const last = messages[messages.length - 1];
  useEffect(() => {
    if (!loaded) return;
    const lastId = last?.id ?? 0;
    if (seen.current === null) {
      seen.current = lastId;
      return;
    }
    if (last && lastId > seen.current && last.senderId !== myId) setText(`${name}: ${last.message}`);
    seen.current = Math.max(seen.current, lastId);
  }, [last, loaded, myId, name]);
  return text;
}

/** Keeps the list at its end as messages arrive (unless the reader scrolled up), and in place when older load. */
function useStickToBottom(messages: readonly ChatMessage[], pendingCount: number, typing: boolean, myId: number) {
  const ref = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const prev = useRef({ first: 0, last: 0, height: 0, pending: 0 });
  const first = messages[0]?.id ?? 0;
  const lastMessage = messages[messages.length - 1];
  const last = lastMessage?.id ?? 0;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onScroll = () => {
      stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const p = prev.current;
    if (p.first !== 0 && first < p.first && last === p.last) {
      // Older messages went in above: keep what the reader was looking at in place.
      el.scrollTop += el.scrollHeight - p.height;
    } else if (stick.current || pendingCount > p.pending || (last !== p.last && lastMessage?.senderId === myId)) {
      el.scrollTop = el.scrollHeight;
      stick.current = true;
    }
    prev.current = { first, last, height: el.scrollHeight, pending: pendingCount };
  }, [first, last, pendingCount, typing, lastMessage, myId]);

  return ref;
}
