import { describe, expect, it } from 'vitest';
import { nginxInstalled, rollingRestart } from '../testing/rolling-restart';
import { createTestDatabase } from '../testing/test-db';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/**
 * Issue 30's rolling restart, through the shipped deploy/nginx.conf: two web instances and a worker restart one after
 * another under traffic, and no customer notices. (CI runs it in its PostgreSQL + Redis phase; `npm run bench --
 * rolling` runs it at full load: 50 requests a second, 200 chat and 50 tracking sockets.)
 */
describe.skipIf(!databaseUrl || !redisUrl || !nginxInstalled())('rolling restart behind nginx', () => {
  it('restarts the worker and both web instances under traffic: no failed request, no message lost or doubled, no position missed, no mail sent twice', { timeout: 300_000 }, async () => {
    const db = await createTestDatabase({ seeded: true });
    try {
      const report = await rollingRestart({
        databaseUrl: db.url!,
        redisUrl: redisUrl!,
        load: { requestsPerSecond: 15, chatSockets: 20, trackingSockets: 6, drainSeconds: 2 },
      });
      expect(report.restarts).toBe(3);
      expect(report.failed).toEqual([]);
      // The traffic was real: bookings were paid, messages and positions went through, mails went out.
      expect(report.bookingsPaid).toBeGreaterThan(0);
      expect(report.chatSent).toBeGreaterThan(50);
      expect(report.positionsAccepted).toBeGreaterThan(30);
      expect(report.mails).toBeGreaterThan(0);
      expect({ lost: report.chatLost, duplicated: report.chatDuplicated, positionsMissed: report.positionsMissed, mailsTwice: report.mailsTwice }).toEqual({
        lost: 0,
        duplicated: 0,
        positionsMissed: 0,
        mailsTwice: 0,
      });
      // Each web instance's sockets came back elsewhere: by the second restart every socket had moved at least once.
      expect(report.reconnectMs.length).toBeGreaterThanOrEqual(26);
    } finally {
      await db.drop();
    }
  });
});
