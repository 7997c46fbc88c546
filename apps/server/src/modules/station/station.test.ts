import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG as PngImage } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { stations } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { blankPng } from '../../test/blank-png.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { exifOrientation, LOGO_MAX_PIXELS, logoDecodeThread } from './logo-image.js';

/** A real image: a 3 × 2 gradient, so re-encoding can be checked pixel for pixel. */
function pixels(width = 3, height = 2): PngImage {
  const image = new PngImage({ width, height });
  for (let i = 0; i < width * height; i++) image.data.set([i * 40, 255 - i * 40, 128, 255], i * 4);
  return image;
}
const PNG = PngImage.sync.write(pixels());
const JPEG = jpeg.encode({ ...pixels(16, 16), data: pixels(16, 16).data }, 90).data;
/** A PNG chunk: length, type, data and its CRC. */
function pngChunk(type: string, data: string): Buffer {
  const body = Buffer.from(type + data, 'latin1');
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(zlib.crc32(body), body.length + 4);
  return chunk;
}

/** EXIF data as a camera writes it (little-endian), turned 90°: orientation 6, and a maker note. */
function orientationSix(): Buffer {
  const tiff = Buffer.alloc(1 + 8 + 2 + 12 * 2 + 4);
  tiff.write('II', 1, 'latin1');
  tiff.writeUInt16LE(42, 3);
  tiff.writeUInt32LE(8, 5);
  tiff.writeUInt16LE(2, 9);
  tiff.writeUInt16LE(0x010f, 11); // Make, not kept
  tiff.writeUInt16LE(0x0112, 23); // Orientation
  tiff.writeUInt16LE(3, 25);
  tiff.writeUInt32LE(1, 27);
  tiff.writeUInt16LE(6, 31);
  return tiff;
}
const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

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
    // Never read as anything but an image, and no document powers even opened on its own.
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
      'content-disposition': 'inline; filename="demo-logo.png"',
    });
    expect(PngImage.sync.read(image.rawPayload).data.equals(pixels().data)).toBe(true);
    expect((await admin.get('/auth/session')).json().stationLogoUrl).toBe(url);
  });

  it('replaces it with a JPEG', async () => {
    const response = await upload(admin, 'photo.jpeg', JPEG);
    expect(response.statusCode).toBe(200);
    const image = await app.inject({ url: response.json().logo_url });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['content-disposition']).toBe('inline; filename="demo-logo.jpg"');
    expect(jpeg.decode(image.rawPayload).width).toBe(16);
  });

  it('stores a PNG with an HTML page in a text chunk as the image alone: the HTML is gone', async () => {
    // IHDR is 8 + 25 bytes; the text chunk goes right after it.
    const polyglot = Buffer.concat([
      PNG.subarray(0, 33),
      pngChunk('tEXt', `Comment\0${HTML}`),
      PNG.subarray(33),
    ]);
    expect(PngImage.sync.read(polyglot).width).toBe(3);
    const response = await upload(admin, 'logo.png', polyglot);
    expect(response.statusCode).toBe(200);
    const image = await app.inject({ url: response.json().logo_url });
    expect(image.rawPayload.toString('latin1')).not.toContain('<html');
    expect(image.rawPayload.toString('latin1')).not.toContain('script');
    expect(PngImage.sync.read(image.rawPayload).data.equals(pixels().data)).toBe(true);
  });

  it('stores a JPEG without the HTML hidden in its comment, the right way up', async () => {
    const photo = pixels(16, 16);
    const rotated = jpeg.encode(
      { ...photo, comments: [HTML], exifBuffer: orientationSix() } as Parameters<typeof jpeg.encode>[0],
      90,
    ).data;
    expect(rotated.toString('latin1')).toContain('<html');
    const response = await upload(admin, 'photo.jpg', rotated);
    expect(response.statusCode).toBe(200);
    const image = await app.inject({ url: response.json().logo_url });
    expect(image.rawPayload.toString('latin1')).not.toContain('<html');
    const served = jpeg.decode(image.rawPayload) as ReturnType<typeof jpeg.decode> & {
      exifBuffer?: Uint8Array;
    };
    expect(exifOrientation(served.exifBuffer)).toBe(6);
  });

  it.each([
    ['a PNG header followed by HTML', 'logo.png', Buffer.concat([PNG.subarray(0, 8), Buffer.from(HTML)])],
    ['a whole PNG followed by HTML', 'logo.png', Buffer.concat([PNG, Buffer.from(HTML)])],
    ['a PNG cut off in its pixels', 'logo.png', PNG.subarray(0, PNG.length - 20)],
    ['a JPEG header followed by HTML', 'logo.jpg', Buffer.concat([JPEG.subarray(0, 4), Buffer.from(HTML)])],
  ])('refuses %s: it is no image, and nothing is stored', async (_what, name, bytes) => {
    const before = (await admin.get('/admin/api/station')).json().logo_url;
    const response = await upload(admin, name, bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'The logo is not a readable PNG or JPEG image.' });
    expect((await admin.get('/admin/api/station')).json().logo_url).toBe(before);
  });

  it('refuses an image wider than 4096 pixels before decoding it', async () => {
    const wide = PngImage.sync.write(new PngImage({ width: 4097, height: 1 }));
    const response = await upload(admin, 'wide.png', wide);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'The logo must be at most 4096 × 4096 pixels.' });
  });

  it('decodes a logo in a worker thread, not on the event loop', async () => {
    // The largest accepted: 4 megapixels.
    const largest = blankPng(2000, 2000);
    const response = await upload(admin, 'large.png', largest);
    expect(response.statusCode).toBe(200);
    expect(logoDecodeThread()).toBeGreaterThan(0);
    const image = await app.inject({ url: response.json().logo_url });
    expect(PngImage.sync.read(image.rawPayload).width).toBe(2000);
  });

  it('refuses a 4096 × 4096 PNG by its header, before decoding: too many pixels, nothing stored', async () => {
    // 65 KB of zeros that would take seconds to decode (decision 0056).
    const huge = blankPng(4096, 4096);
    expect(huge.length).toBeLessThan(100 * 1024);
    const before = (await admin.get('/admin/api/station')).json().logo_url;
    const response = await upload(admin, 'huge.png', huge);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error:
        'The logo is 4096 × 4096 pixels; at most 4 million pixels are accepted (for example 2000 × 2000).',
      code: 'logo_too_many_pixels',
      params: { width: '4096', height: '4096', max_megapixels: LOGO_MAX_PIXELS / 1_000_000 },
    });
    expect((await admin.get('/admin/api/station')).json().logo_url).toBe(before);
  });

  it('refuses a JPEG whose frame header says too many pixels, before decoding it', async () => {
    // A real JPEG's start-of-frame segment rewritten to 2100 × 2100.
    const photo = Buffer.from(JPEG);
    let at = 2;
    while (photo[at + 1] !== 0xc0) at += 2 + photo.readUInt16BE(at + 2);
    photo.writeUInt16BE(2100, at + 5);
    photo.writeUInt16BE(2100, at + 7);
    const response = await upload(admin, 'photo.jpg', photo);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'logo_too_many_pixels',
      params: { width: '2100', height: '2100' },
    });
  });

  it.each([
    ['logo.gif', PNG],
    ['logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['logo.png', JPEG],
  ])('refuses %s whose content is not what the name says', async (name, bytes) => {
    const response = await upload(admin, name, bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'File type must be: .png, .jpg, .jpeg' });
  });

  it('refuses a file over 1 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const response = await upload(admin, 'big.png', big);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'File size must be under 1MB' });
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
    expect(response.json()).toMatchObject({ error: 'Message type not found' });
  });
});
