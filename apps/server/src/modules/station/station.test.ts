import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stations } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

function multipart(filename: string, bytes: Buffer, field = 'logo') {
  const boundary = '----msboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('station logo', async () => {
  const { app, db } = await createTestApp();
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');

  const upload = (client: TestClient, filename: string, bytes: Buffer, field?: string) => {
    const { body, headers } = multipart(filename, bytes, field);
    return client.request({ method: 'POST', url: '/admin/api/station/logo', body, headers });
  };

  it('stores a PNG, points the station at a versioned URL and serves the image', async () => {
    const response = await upload(admin, 'logo.PNG', PNG);
    expect(response.statusCode).toBe(200);
    const url = response.json().logo_url as string;
    expect(url).toMatch(/^\/api\/stations\/demo\/logo\?v=\d+$/);
    const [station] = await db.select().from(stations).where(eq(stations.slug, 'demo'));
    expect(station?.logoUrl).toBe(url);
    const image = await app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // Never read as anything but an image, whatever bytes follow the PNG header.
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await admin.get('/auth/session')).json().stationLogoUrl).toBe(url);
  });

  it('replaces it with a JPEG', async () => {
    const response = await upload(admin, 'photo.jpeg', JPEG);
    expect(response.statusCode).toBe(200);
    const image = await app.inject({ url: response.json().logo_url });
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    ['logo.gif', PNG],
    ['logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['logo.png', JPEG],
  ])('refuses %s whose content is not what the name says', async (name, bytes) => {
    const response = await upload(admin, name, bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'File type must be: .png, .jpg, .jpeg' });
  });

  it('refuses a file over 1 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const response = await upload(admin, 'big.png', big);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'File size must be under 1MB' });
  });

  it('is for admins only', async () => {
    const user = new TestClient(app);
    await user.login('user@demo.test');
    const response = await upload(user, 'logo.png', PNG);
    expect(response.statusCode).toBe(403);
    const anonymous = new TestClient(app);
    await anonymous.get('/auth/session');
    expect((await upload(anonymous, 'logo.png', PNG)).statusCode).toBe(401);
  });

  it('answers 404 for a station without a logo', async () => {
    expect((await app.inject({ url: '/api/stations/nosuchstation/logo' })).statusCode).toBe(404);
  });
});

describe('message types', async () => {
  const { app, db } = await createTestApp();
  const other = await createStationWithAdmin(db, { slug: 'otherfm' });
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const types = (await admin.get('/admin/api/message-types')).json();
  const alert = types.find((t: { message_type: string }) => t.message_type === 'alert');
  const change = {
    display_name: 'Weather',
    description: 'Storms and heat',
    color_code: '#FFAA00',
    is_active: false,
  };

  it('lists the four types in display order', () => {
    expect(types.map((t: { message_type: string }) => t.message_type)).toEqual([
      'emergency',
      'alert',
      'station',
      'informational',
    ]);
  });

  it('lets an admin change wording, colour and switch, but not the key', async () => {
    const response = await admin.request({
      method: 'PUT',
      url: `/admin/api/message-types/${alert.id}`,
      body: change,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message_type: 'alert',
      display_name: 'Weather',
      color_code: '#FFAA00',
      is_active: false,
    });
    const bad = await admin.request({
      method: 'PUT',
      url: `/admin/api/message-types/${alert.id}`,
      body: { ...change, color_code: 'orange' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is for admins, and another station’s type answers 404', async () => {
    const user = new TestClient(app);
    await user.login('user@demo.test');
    expect(
      (await user.request({ method: 'PUT', url: `/admin/api/message-types/${alert.id}`, body: change }))
        .statusCode,
    ).toBe(403);
    const stranger = new TestClient(app);
    await stranger.login(other.adminEmail);
    const response = await stranger.request({
      method: 'PUT',
      url: `/admin/api/message-types/${alert.id}`,
      body: change,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Message type not found' });
  });
});
