import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';

const CLIENT_ID = 'ca-pub-1234567890123456';

describe('public configuration and ad provider', () => {
  it('serves house promotions and keeps ad hosts out of the security policy by default', async () => {
    const { app } = await buildTestApp();
    const res = await createClient(app).get('/api/config/public');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ads: { provider: 'house' } });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/googlesyndication|doubleclick|google\.com/);
  });

  it('exposes the configured client and slot ids and allows only the provider hosts', async () => {
    const { app } = await buildTestApp({
      env: { ads: { clientId: CLIENT_ID, slots: { default: '1111111111', landing: '2222222222' } } },
    });
    const res = await createClient(app).get('/api/config/public');
    expect(res.json()).toEqual({
      ads: {
        provider: 'adsense',
        clientId: CLIENT_ID,
        slots: { default: '1111111111', landing: '2222222222' },
      },
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' [^;]*https:\/\/pagead2\.googlesyndication\.com/);
    expect(csp).toMatch(/frame-src 'self' [^;]*https:\/\/googleads\.g\.doubleclick\.net/);
    expect(csp).not.toContain("'unsafe-eval'");
  });
});
