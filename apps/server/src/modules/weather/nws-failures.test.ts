// The weather poll, the NWS client's caller, meeting every way NWS (or a gateway before it) fails
// (test/vendor-failures.ts): "Check now" answers 503 weather_unavailable, the station's last error
// is recorded, nothing is drafted and nothing throws; once NWS answers again the next check drafts
// the alert it missed.
import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { startFakeNws } from '../../test/fake-nws.js';
import { VENDOR_FAILURE_SHAPES } from '../../test/vendor-failures.js';
import { weatherSettings } from '../../test/weather.js';

const USER_AGENT = 'MessageStationTest/1.2.0 (http://localhost:3000, support@localhost)';
/** Two minutes after NWS Norman sent the recorded tornado warning. */
const AFTER_TORNADO_WARNING = new Date('2025-04-20T04:25:00Z');

describe('the weather poll when NWS fails', async () => {
  const fake = await startFakeNws();
  const { app, db } = await createTestApp({
    now: () => AFTER_TORNADO_WARNING,
    config: {
      // Short enough that a hang ends soon; any NwsError, a timeout included, is the same outcome.
      weather: { apiUrl: fake.url, userAgent: USER_AGENT, pollSeconds: 60, timeoutMs: 1500 },
    },
  });
  fake.add('tornado-warning-ok');
  let stations = 0;

  it.each(VENDOR_FAILURE_SHAPES)(
    '$name: 503 weather_unavailable, recorded, then drafts when back',
    async (shape) => {
      const { adminEmail } = await createStationWithAdmin(db, {
        slug: `kwxfail${++stations}`,
        languages: ['en'],
      });
      const admin = new TestClient(app);
      await admin.login(adminEmail);
      const saved = await admin.request({
        method: 'PUT',
        url: '/admin/api/weather/settings',
        body: weatherSettings(),
      });
      expect(saved.statusCode, saved.body).toBe(200);

      fake.setDown(shape.failure);
      try {
        const failed = await admin.post('/admin/api/weather/check');
        expect(failed.statusCode).toBe(503);
        expect(failed.json()).toMatchObject({ code: 'weather_unavailable' });
        expect((await admin.get('/admin/api/weather/settings')).json().last_error).toEqual({
          code: 'weather_unavailable',
          at: AFTER_TORNADO_WARNING.toISOString(),
        });
        expect((await admin.get('/admin/api/weather/alerts')).json().alerts).toEqual([]);
      } finally {
        fake.setDown(null);
      }
      const back = await admin.post('/admin/api/weather/check');
      expect(back.json()).toMatchObject({ drafted: 1, error_code: null });
      expect((await admin.get('/admin/api/weather/settings')).json().last_error).toBeNull();
    },
  );
});
