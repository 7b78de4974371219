import { optional } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { seoOptions } from '../../http/seo';
import type { PriceEstimate } from './contracts';
import { CatalogNotFoundError } from './errors';
import { publicOffer } from './public-offer';
import { readConfig } from './service';

const estimateQuery = z.object({
  hardware: z.string().max(120).optional().catch(undefined),
  hours: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

/**
 * The public price pages (docs/screens.md §1): `prices` (the table per location, drive price, VAT,
 * and a calculator whose `estimate` is computed only when the page asks for it) and `plans` (cards
 * and a comparison, or one plan with its stock per location and software, linking to Make).
 */
export async function publicCatalogRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db } = app.services;

  // What can be rented, by the service's rule (public-offer.ts); pages only show it.
  const catalog = () => publicOffer(db);
  const vatRate = async () => Number((await readConfig(db, 'vat_rate')) ?? 10);

  route({ name: 'prices', method: 'GET', uri: '/prices', access: 'anyone' }, async (request, reply) => {
    const query = estimateQuery.parse(request.query ?? {});
    const { plans, locations } = await catalog();
    const vat = await vatRate();
    const estimate = async (): Promise<PriceEstimate | null> => {
      const plan = plans.find((p) => p.slug === query.hardware);
      if (!plan || !query.hours) return null;
      const subtotal = plan.price_per_hour * query.hours;
      const tax = Math.round((subtotal * vat) / 100);
      return {
        hardware: plan.slug,
        title: plan.title,
        hours: query.hours,
        subtotal,
        tax,
        total: subtotal + tax,
      };
    };
    return render(
      reply,
      'Public/Prices',
      {
        plans,
        locations,
        drive_price_per_gb_month: Number((await readConfig(db, 'drive_price_per_gb_month')) ?? 0),
        render_prices: async () => {
          // The same settings billing charges render jobs by (render_price_per_minute_*).
          const price = async (key: string) => {
            const value = Number(await readConfig(db, key));
            return Number.isSafeInteger(value) && value > 0 ? value : null;
          };
          const standard = await price('render_price_per_minute_standard');
          const express = await price('render_price_per_minute_express');
          return standard && express ? { standard, express } : null;
        },
        vat_rate: vat,
        // Optional: a full visit never computes it; the calculator asks for it by partial reload.
        estimate: optional(estimate) as unknown as () => Promise<PriceEstimate | null>,
      },
      seoOptions(app.config, {
        title: 'تعرفه‌ها',
        description:
          'تعرفهٔ ساعتی سرورهای رندر در هر دیتاسنتر، هزینهٔ فضای ذخیره‌سازی و مالیات؛ با ماشین‌حساب هزینهٔ پروژه.',
        path: '/prices',
        // The calculator's answers are the same page.
        noindex: query.hardware !== undefined || query.hours !== undefined,
      }),
    );
  });

  route(
    { name: 'plans', method: 'GET', uri: '/plans/{hardware?}', access: 'anyone' },
    async (request, reply) => {
      const slug = (request.params as { hardware?: string }).hardware;
      const offer = await catalog();
      const { plans, locations } = offer;
      const plan = slug === undefined ? null : await offer.plan(decodeURIComponent(slug));
      // A hidden, archived, draft or unknown plan is not a page.
      if (plan === undefined) throw new CatalogNotFoundError();
      return render(
        reply,
        'Plans',
        { plans, plan, locations },
        seoOptions(app.config, {
          title: plan ? plan.title : 'پلن‌ها',
          description: plan
            ? `${plan.title}: ${plan.gpu_count}× ${plan.gpu_model}، ${plan.vram_gb} گیگابایت حافظهٔ گرافیکی، ${plan.ram_gb} گیگابایت رم؛ اجارهٔ ساعتی.`
            : 'مقایسهٔ پلن‌های سرور رندر: کارت گرافیک، حافظه، پردازنده و قیمت ساعتی.',
          path: plan ? `/plans/${encodeURIComponent(plan.slug)}` : '/plans',
        }),
      );
    },
  );
}
