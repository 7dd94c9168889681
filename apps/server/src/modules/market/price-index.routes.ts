import {
  CompareBatchBodySchema,
  CompareBatchResultSchema,
  CompareQuerySchema,
  IndexComparisonSchema,
  IndexSeriesQuerySchema,
  IndexSeriesSchema,
  MarketIndexSchema,
} from '@app/shared/market/price-index.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PriceIndexService } from './price-index.service.ts';

/** Public: the index is market information, shown to visitors too. */
export const priceIndexRoutes =
  (priceIndex: PriceIndexService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/market/index', { schema: { response: { 200: MarketIndexSchema } } }, async () =>
      priceIndex.getIndex(),
    );
    app.get(
      '/api/market/index/series',
      { schema: { querystring: IndexSeriesQuerySchema, response: { 200: IndexSeriesSchema } } },
      async (request) => priceIndex.getSeries(request.query),
    );
    app.get(
      '/api/market/compare',
      { schema: { querystring: CompareQuerySchema, response: { 200: IndexComparisonSchema } } },
      async (request) => priceIndex.compare(request.query),
    );
    // POST only to carry a page's prices in one request; it changes nothing.
    app.post(
      '/api/market/compare/batch',
      { schema: { body: CompareBatchBodySchema, response: { 200: CompareBatchResultSchema } } },
      async (request) => priceIndex.compareMany(request.body.items),
    );
  };
