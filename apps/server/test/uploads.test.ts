import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, multipart, type TestServer } from './helpers.ts';
import { startS3 } from './s3.ts';

let server: TestServer;
let admin: string;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-uploads-'));
  server = await createTestServer({ uploadDir });
  admin = await server.login();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a png'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif')]);
const GIF = Buffer.from('GIF89a....');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

const upload = (token: string, content: Buffer | string, name: string, type?: string) =>
  server.call(token, { method: 'POST', url: '/api/uploads', ...multipart(content, name, type) });

describe('image uploads', () => {
  it('accepts PNG, JPEG, GIF and WebP by content, whatever the file is called', async () => {
    const cases: [Buffer, string, string][] = [
      [PNG, 'cover.png', 'image/png'],
      [JPEG, 'photo.txt', 'image/jpeg'],
      [GIF, 'noext', 'image/gif'],
      [WEBP, 'x.png', 'image/webp'],
    ];
    for (const [content, name, type] of cases) {
      const res = await upload(admin, content, name);
      expect(res.status, name).toBe(201);
      expect(res.body.result).toMatchObject({ contentType: type, size: content.length });
      expect(res.body.result.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/);
    }
  });

  it('serves the stored image with safe headers', async () => {
    const { url } = (await upload(admin, PNG, 'a.png')).body.result;
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': expect.stringMatching(/^inline/),
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(fs.readdirSync(uploadDir)).toContain(url.split('/').pop());
  });

  it('refuses other content even when it is named and typed as an image', async () => {
    const before = fs.readdirSync(uploadDir).length;
    for (const content of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<html>',
      '',
    ]) {
      const res = await upload(admin, content, 'evil.png', 'image/png');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('file: Only PNG, JPEG, WebP or GIF images are accepted');
    }
    expect(fs.readdirSync(uploadDir).length).toBe(before);
  });

  it('refuses images over 2 MB with 413, and accepts one just under', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length + 1)]);
    const res = await upload(admin, big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('2 MB');
    const fits = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect((await upload(admin, fits, 'fits.png')).status).toBe(201);
  });

  it('answers 400 without a file and 404 for names that are not stored uploads', async () => {
    expect(
      (await server.call(admin, { method: 'POST', url: '/api/uploads', payload: { file: 'x' } })).status,
    ).toBe(400);
    for (const url of [
      '/uploads/0123456789abcdef0123456789abcdef.png',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/a.svg',
    ]) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('needs a session, and nothing more: every staff member may upload their avatar', async () => {
    expect((await upload('', PNG, 'a.png')).status).toBe(401);
    const viewer = (await server.accountWithRole('viewer')).token;
    expect((await upload(viewer, PNG, 'a.png')).status).toBe(201);
  });
});

describe('image uploads in object storage', () => {
  it('stores the image in the bucket and serves it from the same URL', async () => {
    const s3 = await startS3();
    const onS3 = await createTestServer({ s3: s3.s3, uploadDir: path.join(uploadDir, 'unused') });
    try {
      const token = await onS3.login();
      const res = await onS3.call(token, {
        method: 'POST',
        url: '/api/uploads',
        ...multipart(JPEG, 'a.jpg'),
      });
      expect(res.status).toBe(201);
      const { url, name } = res.body.result;
      const served = await onS3.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(JPEG)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'content-length': String(JPEG.length),
        'cache-control': 'public, max-age=31536000, immutable',
      });
      expect(fs.existsSync(path.join(uploadDir, 'unused', name))).toBe(false);
      const missing = await onS3.app.inject({
        method: 'GET',
        url: '/uploads/0123456789abcdef0123456789abcdef.png',
      });
      expect(missing.statusCode).toBe(404);
    } finally {
      await onS3.close();
      await s3.close();
    }
  });
});
