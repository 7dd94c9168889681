import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The session token of a request's cookie header when its signature is Better Auth's own
 * (`token.base64(HMAC-SHA256(secret, token))`, URI-encoded), or null when there is none that
 * verifies. Computed synchronously: Better Auth's Web Crypto verification runs on the thread pool.
 */
export function readSignedSessionToken(
  cookieHeader: string,
  cookieName: string,
  secret: string,
): string | null {
  const value = cookieValue(cookieHeader, cookieName);
  if (!value) return null;
  const at = value.lastIndexOf('.');
  if (at < 1) return null;
  const token = value.slice(0, at);
  const signature = Buffer.from(value.slice(at + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** The first cookie of that name, decoded as better-call decodes it. */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}
