import {
  BuyNowBodySchema,
  CreateDealBodySchema,
  DEAL_MESSAGES,
  DealActionBodySchema,
  DealIdParamsSchema,
  DealListSchema,
  DealSchema,
  FundEscrowBodySchema,
  FundEscrowResultSchema,
  PayCommissionBodySchema,
  PayCommissionResultSchema,
  type PayoutStatement,
  PayoutStatementQuerySchema,
} from '@app/shared/deals/deals.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.ts';
import type { AccessService } from '../access/index.ts';
import type { DealsService } from './deals.service.ts';

const AdminDealsQuerySchema = z.object({ status: z.enum(['disputed', 'all']).default('disputed') });
const AdminDealActionBodySchema = z.object({ action: z.enum(['release-escrow', 'refund-escrow']) }).strict();
const SIGN_IN = DEAL_MESSAGES.signInToView;

export const dealsRoutes =
  (deals: DealsService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/deals', { schema: { response: { 200: DealListSchema } } }, async (request) =>
      deals.listDeals(requireUser(request, SIGN_IN)),
    );

    // The seller's payout statement for a period; `format=csv` downloads it.
    app.get(
      '/api/deals/payouts',
      { schema: { querystring: PayoutStatementQuerySchema } },
      async (request, reply) => {
        const statement = await deals.payoutStatement(requireUser(request, SIGN_IN), request.query);
        if (request.query.format !== 'csv') return statement;
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="recytrade-payouts-${statement.from}-to-${statement.to}.csv"`,
          )
          .send(payoutCsv(statement));
      },
    );

    app.post(
      '/api/deals',
      { schema: { body: CreateDealBodySchema, response: { 201: DealSchema } } },
      async (request, reply) => {
        const user = requireUser(request, DEAL_MESSAGES.signInToCreate);
        return reply.status(201).send(await deals.createDeal(user, request.body));
      },
    );

    app.post(
      '/api/deals/buy-now',
      { schema: { body: BuyNowBodySchema, response: { 200: DealSchema, 201: DealSchema } } },
      async (request, reply) => {
        const user = requireUser(request, DEAL_MESSAGES.signInToCreate);
        const { deal, created } = await deals.buyNow(user, request.body);
        return reply.status(created ? 201 : 200).send(deal);
      },
    );

    app.get(
      '/api/deals/:id',
      { schema: { params: DealIdParamsSchema, response: { 200: DealSchema } } },
      async (request) => deals.getDeal(requireUser(request, SIGN_IN), request.params.id),
    );

    app.post(
      '/api/deals/:id/actions',
      { schema: { params: DealIdParamsSchema, body: DealActionBodySchema, response: { 200: DealSchema } } },
      async (request) => deals.act(requireUser(request, SIGN_IN), request.params.id, request.body),
    );

    app.post(
      '/api/deals/:id/fund',
      {
        schema: {
          params: DealIdParamsSchema,
          body: FundEscrowBodySchema,
          response: { 200: FundEscrowResultSchema },
        },
      },
      async (request) =>
        deals.fundEscrow(
          requireUser(request, DEAL_MESSAGES.signInToPayEscrow),
          request.params.id,
          request.body,
        ),
    );

    app.post(
      '/api/deals/:id/commission',
      {
        schema: {
          params: DealIdParamsSchema,
          body: PayCommissionBodySchema,
          response: { 200: PayCommissionResultSchema },
        },
      },
      async (request) => deals.payCommission(requireUser(request, SIGN_IN), request.params.id, request.body),
    );

    app.get(
      '/api/admin/deals',
      { schema: { querystring: AdminDealsQuerySchema, response: { 200: DealListSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return deals.adminListDeals(request.query.status);
      },
    );

    app.post(
      '/api/admin/deals/:id/actions',
      {
        schema: {
          params: DealIdParamsSchema,
          body: AdminDealActionBodySchema,
          response: { 200: DealSchema },
        },
      },
      async (request) => {
        const user = await access.requireAdmin(request);
        return deals.adminAct(user, request.params.id, request.body.action);
      },
    );
  };

const csvCell = (value: string | number) => {
  const text = String(value);
  // Quoted when needed; a leading formula character is neutralised for spreadsheets.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The statement as CSV: one row per released deal, amounts in dollars, then the totals. */
export function payoutCsv(statement: PayoutStatement): string {
  const header = ['Released on', 'Deal', 'Listing', 'Buyer', 'Deal value', 'Fees', 'Commission', 'Paid out'];
  const rows = statement.lines.map((l) => [
    l.releasedAt.slice(0, 10),
    l.dealId,
    l.listingTitle,
    l.buyer,
    dollars(l.dealValueCents),
    dollars(l.feesCents),
    dollars(l.commissionCents),
    dollars(l.paidOutCents),
  ]);
  const t = statement.totals;
  const totals = [
    'Total',
    '',
    '',
    '',
    dollars(t.dealValueCents),
    dollars(t.feesCents),
    dollars(t.commissionCents),
    dollars(t.paidOutCents),
  ];
  return `${[header, ...rows, totals].map((r) => r.map(csvCell).join(',')).join('\n')}\n`;
}
