/** Query keys of the signed-in user's API keys; creating or revoking a key invalidates `apiKeyKeys.all`. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  mine: () => ['api-keys', 'me'] as const,
};
