import { describe, expect, it } from 'vitest';
import { adminCredentials, baseURL, createUser, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

describe('issue 14 in the browser', () => {
  it('lists my sessions on /account with this browser marked, and signs out everywhere (390 px wide)', async () => {
    const user = await createUser('sess');
    // Another device: a sign-in through the API with its own User-Agent.
    const other = await fetch(`${baseURL()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(other.status).toBe(200);
    const otherCookie = (other.headers.get('set-cookie') ?? '').split(';')[0];

    const page = await browser.page({ width: 390, height: 844 });
    await signIn(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/account');
    const list = page.getByRole('list', { name: 'Signed-in sessions' });
    await list.getByText('Firefox on Windows').waitFor();
    await list.getByText('This browser').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    // No horizontal scrolling at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const me = await fetch(`${baseURL()}/api/auth/me`, { headers: { cookie: otherCookie } });
    expect(me.status).toBe(401);
    expect(page.errors).toEqual([]);
  });

  it('shows an admin edit in the Audit tab of /admin', async () => {
    const login = await fetch(`${baseURL()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(adminCredentials()) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const hotels = (await (await fetch(`${baseURL()}/api/admin/hotels`, { headers: { cookie } })).json()) as Array<{ id: number; name: string }>;
    const name = `Audited ${Date.now().toString(36)}`;
    const edit = await fetch(`${baseURL()}/api/admin/hotels/${hotels[0].id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ name }) });
    expect(edit.status).toBe(200);

    const page = await browser.page();
    await signIn(page, adminCredentials().email, adminCredentials().password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('tab', { name: 'Audit' }).click();
    const table = page.getByRole('table', { name: /audit log/i });
    await table.getByText(new RegExp(`name: .* → ${name}`)).waitFor();
    await table.getByText('listing.edited').first().waitFor();
    expect(page.errors).toEqual([]);
  });
});
