/**
 * The deal contracts, one file per concern: the vocabulary (deal-common), funding, commission, the
 * API views, the parties' actions and the deal card, and wire transfers. Importers may use this
 * aggregate or the file of the concern they need.
 */
export * from './deal-actions.schemas.ts';
export * from './deal-commission.schemas.ts';
export * from './deal-common.schemas.ts';
export * from './deal-funding.schemas.ts';
export * from './deal-views.schemas.ts';
export * from './deal-wire-transfers.schemas.ts';
