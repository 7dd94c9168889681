import * as z from '../zod.ts';

/** What a trader may be told by push, each with its own switch in the account preferences. */
export const PUSH_KINDS = ['messages', 'deals', 'matches'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_LABELS: Record<PushKind, { label: string; description: string }> = {
  messages: { label: 'New messages', description: 'When a trader writes to you.' },
  deals: {
    label: 'Deal steps',
    description: 'When a deal needs you: a proposal, funded escrow, shipped goods.',
  },
  matches: { label: 'Matches', description: 'When a new listing matches one of yours.' },
};

export const PUSH_MESSAGES = {
  notConfigured: 'Push notifications are not available on this server.',
  endpointRefused: 'This browser’s push service is not one Recytrade sends to.',
  tooManyDevices: 'Push is on for 10 devices already. Turn it off on one of them first.',
  muteLinkInvalid: 'This link to turn notifications off is not valid.',
} as const;

/** A user's devices with push on; a push service endpoint is per browser profile. */
export const PUSH_LIMITS = { devicesPerUser: 10, endpointMax: 2048, titleMax: 120, bodyMax: 240 } as const;

/** GET /api/push/config: the server's public VAPID key, or unavailable. */
export const PushConfigSchema = z.object({ available: z.boolean(), publicKey: z.string().nullable() });
export type PushConfig = z.infer<typeof PushConfigSchema>;

/** POST /api/push/subscriptions: the browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z.url().max(PUSH_LIMITS.endpointMax),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** DELETE /api/push/subscriptions: this device's endpoint. */
export const PushEndpointBodySchema = z.object({ endpoint: z.url().max(PUSH_LIMITS.endpointMax) });

export const PushPreferencesSchema = z.object({
  messages: z.boolean(),
  deals: z.boolean(),
  matches: z.boolean(),
});
export type PushPreferences = z.infer<typeof PushPreferencesSchema>;

/** GET /api/me/push: the switches and how many of the user's devices have push on. */
export const PushStatusSchema = z.object({ preferences: PushPreferencesSchema, devices: z.number().int() });
export type PushStatus = z.infer<typeof PushStatusSchema>;

/** What the service worker receives and shows. `muteToken` turns this kind off in one click. */
export const PushPayloadSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  muteToken: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** POST /api/push/mute: the one-click "turn these off" of a notification (no session needed). */
export const PushMuteBodySchema = z.object({ token: z.string().min(1).max(300) });
