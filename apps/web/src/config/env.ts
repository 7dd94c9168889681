import { z } from 'zod';

/** The only environment the browser sees: VITE_PUBLIC_* variables, parsed once at startup. */
const EnvSchema = z.object({
  VITE_PUBLIC_SUPPORT_EMAIL: z.email().default('support@recytrade.com'),
  VITE_PUBLIC_SUPPORT_PHONE: z.string().min(1).default('+1 (555) 010-0142'),
});

const parsed = EnvSchema.safeParse(import.meta.env);
if (!parsed.success) {
  throw new Error(
    `Invalid VITE_PUBLIC_* environment: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
  );
}

export const env = {
  supportEmail: parsed.data.VITE_PUBLIC_SUPPORT_EMAIL,
  supportPhone: parsed.data.VITE_PUBLIC_SUPPORT_PHONE,
};
