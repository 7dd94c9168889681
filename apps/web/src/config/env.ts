import type { PublicEnv } from '../../build/public-env';

declare global {
  interface ImportMetaEnv extends Readonly<PublicEnv> {}
}

/** The browser's environment: VITE_PUBLIC_* values checked when the app is built (build/public-env.ts). */
export const env = {
  supportEmail: import.meta.env.VITE_PUBLIC_SUPPORT_EMAIL,
  supportPhone: import.meta.env.VITE_PUBLIC_SUPPORT_PHONE,
};
