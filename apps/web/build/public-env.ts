import { z } from 'zod';

/**
 * The only environment the browser sees: VITE_PUBLIC_* variables. They are checked when the app is built
 * (vite.config.ts) and compiled into it, so a wrong value stops the build and the browser carries no
 * validator (src/config/env.ts reads the result).
 */
const PublicEnvSchema = z.object({
  VITE_PUBLIC_SUPPORT_EMAIL: z.email().default('support@recytrade.com'),
  VITE_PUBLIC_SUPPORT_PHONE: z.string().min(1).default('+1 (555) 010-0142'),
});
export type PublicEnv = z.infer<typeof PublicEnvSchema>;

/** The checked values, defaults filled in; throws naming the variables that are wrong. */
export function parsePublicEnv(source: Record<string, string | undefined>): PublicEnv {
  const parsed = PublicEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(
      `Invalid VITE_PUBLIC_* environment: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
    );
  }
  return parsed.data;
}

/** Vite's `define` entries that compile the checked values in as `import.meta.env.VITE_PUBLIC_*`. */
export const publicEnvDefines = (source: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(parsePublicEnv(source)).map(([key, value]) => [
      `import.meta.env.${key}`,
      JSON.stringify(value),
    ]),
  );
