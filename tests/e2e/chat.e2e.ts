import { describe, expect, it } from 'vitest';
import type { Locator, Page, WebSocketRoute } from 'playwright-core';
import { createUser, demoProviderCredentials, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

/** A seeded restaurant (owned by the demo provider). */
const RESTAURANT = 'Sakura Sushi House';

async function signedIn(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Opens the restaurant card's Chat dialog on the home page. */
async function openRestaurantChat(page: Page): Promise<Locator> {
  await page.goto('/#food-delivery');
  await page.getByRole('button', { name: `Chat with ${RESTAURANT}` }).click();
  const dialog = page.getByRole('dialog', { name: `Chat with ${RESTAURANT}` });
  await dialog.waitFor();
  return dialog;
}

/** My message bubble with this text. */
const myBubble = (scope: Locator, text: string) => scope.locator('li[data-mine]').filter({ hasText: text });

async function send(scope: Locator, text: string) {
  const box = scope.getByRole('textbox', { name: /^Message to / });
  await box.fill(text);
  await box.press('Enter');
}

describe('chat', () => {
  it('a signed-out visitor signs in inside the chat dialog and continues to the chat', async () => {
    const user = await createUser('chatin');
    const page = await browser.page({ width: 390, height: 844 });
    const dialog = await openRestaurantChat(page);
    await dialog.getByText('Sign in or create an account to chat').waitFor();
    await dialog.getByLabel(/e-?mail/i).first().fill(user.email);
    await dialog.getByLabel(/^password/i).first().fill(user.password);
    await dialog.getByRole('button', { name: /^sign in$/i }).click();
    await dialog.getByRole('button', { name: 'Start New Chat' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(page.errors).toEqual([]);
  });

  it('customer and provider talk live: unread badge, typing, reply, read ticks, and a message written offline arrives once', async () => {
    const customer = await createUser('chatter');
    const provider = demoProviderCredentials();

    // The provider waits on /chat-demo, Provider View.
    const pro = await browser.page();
    await signedIn(pro, provider.email, provider.password);
    await pro.goto('/chat-demo');
    await pro.getByRole('tab', { name: 'Provider View' }).click();
    await pro.getByTestId('chat-connection').filter({ visible: true }).filter({ hasText: 'Connected' }).first().waitFor();

    // The customer starts a chat from the restaurant card and writes.
    const cust = await browser.page();
    await signedIn(cust, customer.email, customer.password);
    const chat = await openRestaurantChat(cust);
    await chat.getByRole('button', { name: 'Start New Chat' }).click();
    await cust.getByText('Chat Started').first().waitFor();
    await cust.getByText('New conversation created successfully').first().waitFor();
    await chat.getByTestId('chat-connection').filter({ visible: true }).filter({ hasText: 'Connected' }).first().waitFor();
    await send(chat, 'Hello! Do you deliver to Union Station?');
    await myBubble(chat, 'Hello! Do you deliver to Union Station?').and(chat.locator('[data-status="sent"]')).waitFor();

    // The provider's badge and list show it live; opening the conversation reads it.
    await pro.getByTestId('messages-badge').filter({ hasText: /^[1-9]/ }).waitFor();
    const row = pro.getByRole('button', { name: new RegExp(customer.username) });
    await row.getByTestId('conversation-unread').filter({ hasText: '1' }).waitFor();
    await row.click();
    const proView = pro.getByRole('region', { name: `Messages with ${customer.username}` });
    await proView.locator('li').filter({ hasText: 'Hello! Do you deliver to Union Station?' }).waitFor();

    // Read receipt: the customer's message gets ✓✓.
    const first = myBubble(chat, 'Hello! Do you deliver to Union Station?');
    await first.and(chat.locator('[data-status="read"]')).waitFor();
    expect(await first.getByTestId('message-tick').textContent()).toContain('✓✓');

    // Typing indicator on the provider's side while the customer writes; gone when the input is emptied.
    const custBox = chat.getByRole('textbox', { name: /^Message to / });
    await custBox.fill('Also, is');
    await pro.getByText(`${customer.username} is typing…`).waitFor();
    await custBox.fill('');
    await pro.getByText(`${customer.username} is typing…`).waitFor({ state: 'detached' });

    // The provider replies; the customer sees it live.
    await send(pro.locator('body'), 'Yes, we deliver there in about 30 minutes.');
    await chat.locator('ol li').filter({ hasText: 'Yes, we deliver there in about 30 minutes.' }).waitFor();

    // Offline: the message waits as Sending… and arrives exactly once when the connection is back.
    await cust.context().setOffline(true);
    await chat.getByTestId('chat-connection').filter({ visible: true }).filter({ hasText: 'Offline' }).first().waitFor();
    await send(chat, 'Written while offline');
    await chat.locator('li[data-status="sending"]').filter({ hasText: 'Written while offline' }).getByText('Sending…').waitFor();
    // The provider's own message, stored and shown to the provider while the customer is offline: had the offline
    // message reached the server, it would be in the provider's view before this one.
    await send(pro.locator('body'), 'Are you still there?');
    await myBubble(proView, 'Are you still there?').and(proView.locator('li[data-message-id]')).waitFor();
    expect(await proView.getByText('Written while offline').count()).toBe(0);
    await cust.context().setOffline(false);
    await proView.getByText('Written while offline').waitFor();
    await myBubble(chat, 'Written while offline').and(chat.locator('li[data-message-id]')).waitFor();
    expect(await chat.locator('li[data-status="sending"]').count()).toBe(0);
    // A later message is the signal that nothing more is coming: once it is shown, a second copy would be too.
    await send(chat, 'Back online');
    await proView.locator('li').filter({ hasText: 'Back online' }).waitFor();
    expect(await proView.getByText('Written while offline').count()).toBe(1);

    expect(cust.errors).toEqual([]);
    expect(pro.errors).toEqual([]);
  });

  it('a message written without a connection survives a reload and is sent once the connection is back', async () => {
    const customer = await createUser('chatreload');
    const page = await browser.page({ width: 390, height: 844 });
    await signedIn(page, customer.email, customer.password);
    // Start the conversation while connected.
    let chat = await openRestaurantChat(page);
    await chat.getByRole('button', { name: 'Start New Chat' }).click();
    await chat.getByRole('textbox', { name: /^Message to / }).waitFor();

    // Now the chat socket never reaches the server (the page's HTTP still works).
    let blocked = true;
    const held: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/ws\/chat$/, (ws) => {
      if (blocked) held.push(ws);
      else ws.connectToServer();
    });
    await page.reload();
    chat = await openRestaurantChat(page);
    await chat.getByTestId('chat-connection').filter({ visible: true }).filter({ hasText: /Connecting|Reconnecting/ }).first().waitFor();
    await send(chat, 'Queued before a reload');
    await chat.locator('li[data-status="sending"]').getByText('Sending…').waitFor();
    // Once the outbox's row is in IndexedDB, reload: the message is still waiting.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<string[]>((resolve, reject) => {
              const open = indexedDB.open('go-live-chat');
              // Not there yet: leave it for the app to create (with its store), and look again.
              open.onupgradeneeded = () => open.transaction?.abort();
              open.onerror = () => resolve([]);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('outbox')) {
                  db.close();
                  return resolve([]);
                }
                const all = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
                all.onsuccess = () => {
                  resolve((all.result as Array<{ message?: string }>).map((row) => String(row.message)));
                  db.close();
                };
                all.onerror = () => reject(all.error);
              };
            }),
        ),
      )
      .toContain('Queued before a reload');
    await page.reload();
    chat = await openRestaurantChat(page);
    await chat.locator('li[data-status="sending"]').filter({ hasText: 'Queued before a reload' }).waitFor();

    // The connection comes back: the message is stored once.
    blocked = false;
    for (const ws of held) {
      // The first one belonged to the page before the reload.
      await ws.close().catch(() => undefined);
    }
    await myBubble(chat, 'Queued before a reload').and(chat.locator('li[data-message-id]')).waitFor({ timeout: 20_000 });
    const conversations = (await (await page.request.get('/api/chat/conversations')).json()) as Array<{ id: number; serviceName: string }>;
    const conversation = conversations.find((c) => c.serviceName === RESTAURANT);
    const history = (await (await page.request.get(`/api/chat/conversations/${conversation?.id}/messages`)).json()) as { messages: Array<{ message: string }> };
    expect(history.messages.filter((m) => m.message === 'Queued before a reload')).toHaveLength(1);
    expect(page.errors).toEqual([]);
  });
});
