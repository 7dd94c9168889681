import { describe, expect, it } from 'vitest';
import { parsePublicEnv, publicEnvDefines } from './public-env.ts';

describe('the browser environment checked at build time', () => {
  it('fills the defaults and compiles the values in as import.meta.env strings', () => {
    expect(parsePublicEnv({})).toEqual({
      VITE_PUBLIC_SUPPORT_EMAIL: 'support@recytrade.com',
      VITE_PUBLIC_SUPPORT_PHONE: '+1 (555) 010-0142',
    });
    expect(publicEnvDefines({ VITE_PUBLIC_SUPPORT_EMAIL: 'help@example.com' })).toEqual({
      'import.meta.env.VITE_PUBLIC_SUPPORT_EMAIL': '"help@example.com"',
      'import.meta.env.VITE_PUBLIC_SUPPORT_PHONE': '"+1 (555) 010-0142"',
    });
  });

  it('stops the build naming the variable that is wrong', () => {
    expect(() => parsePublicEnv({ VITE_PUBLIC_SUPPORT_EMAIL: 'not an address' })).toThrow(
      'Invalid VITE_PUBLIC_* environment: VITE_PUBLIC_SUPPORT_EMAIL',
    );
  });
});
