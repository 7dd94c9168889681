/** A valid v1 listing body (a sell listing of baled OCC), with overrides. */
export function listingBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Baled OCC 11 from a regional DC',
    type: 'sell',
    description: 'Clean old corrugated containers, baled, about 40 bales a month.',
    availability: 'immediate',
    category: 'paper',
    location: 'Leeds, United Kingdom',
    price: 95,
    quantity: 20,
    unit: 'tons',
    ...overrides,
  };
}

/** The Authorization header of a bearer token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
