/**
 * The SMTP server staff enter is an address the server connects to: it must not reach the server's own
 * network (loopback, private, link-local, cloud metadata), however the address is spelt, and what answers
 * there must not be echoed back.
 */
import { type AddressInfo, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '../src/modules/settings/repository.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let admin: string;
/** A TCP service on loopback that greets every connection with a line no one outside should read. */
let banner: Server;
let bannerPort: number;
let connections = 0;
const BANNER = 'SSH-2.0-OpenSSH_9.6 internal-build-host-7';

beforeAll(async () => {
  banner = createServer((socket) => {
    connections += 1;
    socket.end(`${BANNER}\r\n`);
  });
  await new Promise<void>((resolve) => banner.listen(0, '127.0.0.1', resolve));
  bannerPort = (banner.address() as AddressInfo).port;
  server = await createTestServer();
  admin = await server.login();
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => banner.close(resolve));
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, language = 'en-US') =>
  server.call(admin, { method, url, payload, headers: { 'accept-language': language } });
const mailSettings = (host: string, port = bannerPort) => ({
  host,
  port,
  secure: 'none',
  username: '',
  from: { address: 'no-reply@cool.example', name: '' },
});

describe('SMTP host on the server’s own network', () => {
  it.each([
    'localhost',
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f000001',
    '[::1]',
    '::1',
    '::ffff:127.0.0.1',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.5',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    'fd00:ec2::254',
    'fe80::1',
  ])('refuses %s when saved, naming the field', async (host) => {
    const res = await call('PUT', '/api/settings/mail', mailSettings(host));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.result.errors).toEqual([
      expect.objectContaining({ field: 'host', error: 'mail.hostNotAllowed' }),
    ]);
    expect((await call('GET', '/api/settings/mail')).body.result.host).toBe('');
  });

  it('refuses a saved host that leads there at sending time, without connecting', async () => {
    // Saved before the check existed (or its name now resolves elsewhere).
    await saveSetting(
      server.database.db,
      'mail',
      { ...mailSettings('127.0.0.1'), fromAddress: 'a@b.example' },
      null,
    );
    const before = connections;
    for (const language of ['en-US', 'zh-CN']) {
      const res = await call('POST', '/api/settings/mail/test', { to: 'ops@example.com' }, language);
      expect(res.status).toBe(502);
      expect(res.body.result.error).toBe('mail.hostNotAllowed');
      expect(res.body.message).not.toMatch(/mail\.hostNotAllowed/);
    }
    expect(connections).toBe(before);
  });
});

describe('with SMTP_ALLOW_PRIVATE for a relay on the private network', () => {
  let allowing: TestServer;
  let token: string;
  beforeAll(async () => {
    allowing = await createTestServer({ smtpAllowPrivate: true });
    token = await allowing.login();
  });
  afterAll(() => allowing.close());

  it('connects there, but says only what went wrong, never what answered', async () => {
    const saved = await allowing.call(token, {
      method: 'PUT',
      url: '/api/settings/mail',
      payload: mailSettings('127.0.0.1'),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const before = connections;
    const res = await allowing.call(token, {
      method: 'POST',
      url: '/api/settings/mail/test',
      payload: { to: 'ops@example.com' },
    });
    expect(connections).toBe(before + 1);
    expect(res.status).toBe(502);
    expect(res.body.result.error).toBe('mail.sendFailed');
    expect(JSON.stringify(res.body)).not.toMatch(/SSH|OpenSSH|internal-build-host/);
    const outbox = await allowing.call(token, { method: 'GET', url: '/api/outbox?pageSize=10' });
    expect(JSON.stringify(outbox.body)).not.toMatch(/SSH|OpenSSH|internal-build-host/);
  });

  it('says "could not connect" for a closed port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await allowing.call(token, {
      method: 'PUT',
      url: '/api/settings/mail',
      payload: mailSettings('127.0.0.1', port),
    });
    const res = await allowing.call(token, {
      method: 'POST',
      url: '/api/settings/mail/test',
      payload: { to: 'ops@example.com' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.status).toBe(502);
    expect(res.body.result.error).toBe('mail.connectFailed');
    expect(res.body.message).toMatch(/无法连接/);
    expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });
});
