import { describe, expect, it } from 'vitest';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens('a-secret-of-at-least-thirty-two-characters');

  it('verify to the user they were made for', () => {
    const token = tokens.sign('user-1');
    expect(token).toMatch(/^user-1\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify(token)).toBe('user-1');
  });

  it('refuse tampered, foreign and malformed tokens', () => {
    const [, mac] = tokens.sign('user-1').split('.');
    expect(tokens.verify(`user-2.${mac}`)).toBeNull();
    expect(tokens.verify(`user-1.${mac.slice(0, -1)}A`)).toBeNull();
    expect(tokens.verify(`user-1.${mac}=`)).toBeNull();
    expect(tokens.verify(`user-1.${mac.slice(0, 20)}!${mac.slice(20)}`)).toBeNull();
    expect(tokens.verify(mac)).toBeNull();
    expect(tokens.verify('')).toBeNull();
    expect(
      createUnsubscribeTokens('another-secret-of-thirty-two-characters!').verify(tokens.sign('user-1')),
    ).toBeNull();
  });
});
