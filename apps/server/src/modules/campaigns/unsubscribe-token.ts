import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Unsubscribe links carry `<userId>.<mac>`: an HMAC of the user id under a key derived from AUTH_SECRET.
 * The link never expires (an old campaign email must still work) and only ever opts its own user in or
 * out, so nothing is stored for it; rotating AUTH_SECRET invalidates every link sent before.
 */
export type UnsubscribeTokens = {
  sign(userId: string): string;
  /** The user id the token was made for, or null when it is malformed or its MAC does not match. */
  verify(token: string): string | null;
};

export function createUnsubscribeTokens(authSecret: string): UnsubscribeTokens {
  const key = createHmac('sha256', authSecret).update('recytrade unsubscribe links v1').digest();
  const macOf = (userId: string) =>
    createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');

  return {
    sign: (userId) => `${userId}.${macOf(userId)}`,
    verify(token) {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const userId = token.slice(0, dot);
      // Compared as text, so a MAC with stray characters (which base64 decoding would skip) fails.
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(macOf(userId));
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}
