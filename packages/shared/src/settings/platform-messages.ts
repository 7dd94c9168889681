/** The messages of the switches on /admin/system, shared by the server's refusals and the web's notices. */
export const PLATFORM_MESSAGES = {
  maintenance: (name: string) =>
    `${name} is down for scheduled maintenance. We'll be back shortly; thank you for your patience.`,
  registrationsClosed: 'New registrations are currently closed. Please check back later.',
  newListingsClosed: 'New listings are temporarily disabled. Please try again later.',
} as const;
