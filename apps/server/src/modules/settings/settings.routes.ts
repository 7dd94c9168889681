import {
  PlatformStatusSchema,
  PricingSchema,
  SettingListSchema,
  UpdateSettingsBodySchema,
} from '@app/shared/settings/settings.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessService } from '../access/index.ts';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes =
  (settings: SettingsService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    /** Public: plans and fees, read by every page that shows a price. */
    app.get('/api/settings/pricing', { schema: { response: { 200: PricingSchema } } }, async () =>
      settings.getPricing(),
    );

    /** Public: the platform's name and switches; the web shows the maintenance page from it. */
    app.get('/api/settings/platform', { schema: { response: { 200: PlatformStatusSchema } } }, async () =>
      settings.getPlatformStatus(),
    );

    app.get('/api/admin/settings', { schema: { response: { 200: SettingListSchema } } }, async (request) => {
      await access.requireAdmin(request);
      return settings.listForAdmin();
    });

    app.patch(
      '/api/admin/settings',
      { schema: { body: UpdateSettingsBodySchema, response: { 200: SettingListSchema } } },
      async (request) => {
        const user = await access.requireAdmin(request);
        return settings.updateSettings(request.body, user);
      },
    );
  };
