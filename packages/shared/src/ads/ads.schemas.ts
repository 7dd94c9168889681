import * as z from '../zod.ts';

export * from './ad-rules.ts';

/** An AdSense-style publisher id: "ca-pub-" and 10 to 20 digits. */
export const AdsClientIdSchema = z
  .string()
  .trim()
  .regex(/^ca-pub-\d{10,20}$/, 'must look like ca-pub-1234567890123456');

/**
 * The ad provider the browser uses. `house` shows Recytrade's own promotions and loads no third-party
 * script; `adsense` loads the provider's script for the given client id.
 */
export const AdsConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('house') }),
  z.object({
    provider: z.literal('adsense'),
    clientId: z.string(),
    /** Provider slot id per placement; `default` applies to placements without their own. */
    slots: z.record(z.string(), z.string()),
  }),
]);
export type AdsConfig = z.infer<typeof AdsConfigSchema>;

/** GET /api/config/public: configuration the browser needs before it renders, cacheable by anyone. */
export const PublicConfigSchema = z.object({ ads: AdsConfigSchema });
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
