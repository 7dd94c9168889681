/** Query keys of email preferences; an unsubscribe through a link also makes the account's switch stale. */
export const emailPreferencesKeys = {
  all: ['email-preferences'] as const,
  mine: () => ['email-preferences', 'me'] as const,
  unsubscribeLink: (token: string) => ['email-preferences', 'unsubscribe-link', token] as const,
};
