import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { requestContext } from '../../http/route-helpers';
import { sendPrivateFile } from '../../lib/files';
import { mobileAsSeenBy } from '../../lib/mobile';
import { rowId } from '../../lib/row-id';
import { isoDayQuery, tehranPeriod } from '../../lib/tehran-period';
import { activityLabel, findActivityForSubject } from '../activity';
import { idsWithRoles, searchUserIds, userNames } from '../users';
import type { StaffVerifyEditProps, StaffVerifyListProps } from './contracts';
import { kycNotFound } from './errors';
import { documentView, requestView } from './panel-routes';
import { DOCUMENT_LABELS } from './service';
import { VERIFICATION_STATUSES, VERIFICATION_TYPES, type VerificationStatus } from './tables';
import { decideSchema, revokeSchema } from './validators';

export const STATUS_LABELS: Record<VerificationStatus, string> = {
  draft: 'پیش‌نویس',
  submitted: 'در صف بررسی',
  under_review: 'در حال بررسی',
  approved: 'تأییدشده',
  rejected: 'ردشده',
  revoked: 'لغوشده',
};

const EVENT_LABELS: Record<string, string> = {
  'kyc:submitted': 'ارسال درخواست',
  'kyc:claimed': 'برداشتن برای بررسی',
  'kyc:approved': 'تأیید',
  'kyc:duplicate.overridden': 'تأیید با وجود کد ملی تأییدشده در حساب دیگر',
  'kyc:rejected': 'رد',
  'kyc:revoked': 'لغو تأیید',
  'kyc:document.viewed': 'دیدن مدرک',
  'kyc:withdrawn': 'پس گرفتن درخواست',
  'kyc:draft.saved': 'ذخیرهٔ پیش‌نویس',
};

const listQuery = z.object({
  q: z.string().max(100).optional().catch(undefined),
  status: z.enum(VERIFICATION_STATUSES).optional().catch(undefined),
  type: z.enum(VERIFICATION_TYPES).optional().catch(undefined),
  reviewer: z
    .union([z.literal('me'), z.coerce.number().int().positive()])
    .optional()
    .catch(undefined),
  from: isoDayQuery,
  to: isoDayQuery,
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

const PER_PAGE = 25;

/**
 * The review screens of care and admin (docs/screens.md §5–6), one set of handlers for both
 * areas: the queue, a request with its documents and checks, claim, decide, the private document
 * stream (each view logged); admins also see every status, the full history, and revoke.
 */
export function staffVerifyRoutes(area: 'care' | 'admin') {
  return async function routes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
    const route = routesOn(app, registry);
    const { verification, db } = app.services;
    const name = (action: string) => `${area}.verify.${action}`;
    const edit = (id: number) => registry.url(name('edit'), { verification: id }, false);
    const idOf = (request: FastifyRequest) => {
      const id = rowId((request.params as { verification?: string }).verification);
      if (id === null) throw kycNotFound();
      return id;
    };
    const component = area === 'care' ? ('Care/Verify' as const) : ('Admin/Verify' as const);

    route(
      { name: name('list'), method: 'GET', uri: `/${area}/verify`, access: area },
      async (request, reply) => {
        const query = listQuery.parse(request.query ?? {});
        const me = request.user!;
        const { from, to, start, end } = tehranPeriod(query.from, query.to);
        const statuses: VerificationStatus[] | undefined = query.status
          ? [query.status]
          : area === 'care'
            ? ['submitted', 'under_review']
            : undefined;
        const userIds = query.q ? await searchUserIds(db, query.q) : undefined;
        const list = await verification.list({
          statuses,
          type: query.type,
          reviewerId: query.reviewer === 'me' ? me.id : query.reviewer,
          userIds,
          from: start,
          to: end,
          oldestFirst: area === 'care',
          page: query.page,
          perPage: PER_PAGE,
        });
        const staff = await idsWithRoles(db, ['care', 'admin']).limit(100);
        const staffNames = await userNames(
          db,
          staff.map((s) => s.id),
        );
        const props: StaffVerifyListProps = {
          items: {
            data: list.rows.map(({ request: r, owner, reviewer }) => ({
              id: r.id,
              type: r.type,
              name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || (owner?.name ?? '—'),
              company_name: r.companyName,
              owner: owner
                ? {
                    id: owner.id,
                    name: owner.name,
                    mobile: mobileAsSeenBy(owner.mobile, owner.id, request.user!),
                  }
                : null,
              status: r.status,
              reviewer,
              mine: r.reviewerId === me.id,
              submitted_at: r.submittedAt?.toISOString() ?? null,
              reviewed_at: r.reviewedAt?.toISOString() ?? null,
            })),
            meta: {
              current_page: query.page,
              last_page: Math.max(1, Math.ceil(list.total / PER_PAGE)),
              per_page: PER_PAGE,
              total: list.total,
            },
          },
          filters: {
            status: query.status ?? '',
            type: query.type ?? '',
            reviewer: query.reviewer === undefined ? '' : String(query.reviewer),
            q: query.q ?? '',
            from: from ?? '',
            to: to ?? '',
          },
          statuses: (area === 'care' ? (['submitted', 'under_review'] as const) : VERIFICATION_STATUSES)
            .filter((s) => s !== 'draft')
            .map((s) => ({ value: s, label: STATUS_LABELS[s] })),
          reviewers: [...staffNames.entries()].map(([id, n]) => ({ value: String(id), label: n.name })),
        };
        return render(reply, `${component}/List`, props);
      },
    );

    route(
      { name: name('edit'), method: 'GET', uri: `/${area}/verify/{verification}`, access: area },
      async (request, reply) => {
        const me = request.user!;
        const review = await verification.review(idOf(request));
        const { request: r } = review;
        let history: StaffVerifyEditProps['history'] = null;
        if (area === 'admin') {
          const entries = (
            await findActivityForSubject(db, { type: 'verification', id: r.id }, 100)
          ).reverse();
          const actors = await userNames(
            db,
            entries.map((e) => e.actorId).filter((id): id is number => id !== null),
          );
          history = entries.map((e) => ({
            // An event this page has no wording for reads as the registry labels it, never by its name.
            event: EVENT_LABELS[e.event] ?? activityLabel(e.event),
            actor: e.actorId ? (actors.get(e.actorId)?.name ?? '—') : 'سامانه',
            at: e.at.toISOString(),
            reason: typeof e.properties?.reason === 'string' ? e.properties.reason : null,
          }));
        }
        const deciding = r.status === 'under_review' && r.reviewerId === me.id;
        const papersComplete = review.approval.missing.length === 0;
        const elsewhereNames = await userNames(db, review.approval.approvedElsewhere);
        const props: StaffVerifyEditProps = {
          request: { ...requestView(r), id: r.id },
          owner: review.owner
            ? {
                id: review.owner.id,
                name: review.owner.name,
                email: review.owner.email,
                mobile: mobileAsSeenBy(review.owner.mobile, review.owner.id, request.user!),
                kyc_status: review.owner.kycStatus,
              }
            : null,
          documents: review.documents.map((d) =>
            documentView(d, registry.url(name('document'), { verification: r.id, document: d.uuid }, false)),
          ),
          checks: review.checks,
          approval: {
            missing: review.approval.missing.map((kind) => ({ kind, label: DOCUMENT_LABELS[kind] })),
            approved_elsewhere: review.approval.approvedElsewhere.map((id) => ({
              user_id: id,
              name: elsewhereNames.get(id)?.name ?? '—',
            })),
          },
          attempts: review.attempts.map((a) => ({
            id: a.id,
            status: a.status,
            reason: a.reason,
            submitted_at: a.submittedAt?.toISOString() ?? null,
            reviewed_at: a.reviewedAt?.toISOString() ?? null,
          })),
          reviewer: review.reviewer,
          can: {
            claim: r.status === 'submitted',
            decide: deciding,
            approve: deciding && papersComplete && review.approval.approvedElsewhere.length === 0,
            override:
              deciding &&
              papersComplete &&
              me.role === 'admin' &&
              review.approval.approvedElsewhere.length > 0,
            revoke: area === 'admin' && r.status === 'approved',
          },
          history,
        };
        return render(reply, `${component}/Edit`, props);
      },
    );

    route(
      {
        name: name('claim'),
        method: 'POST',
        uri: `/${area}/verify/{verification}/claim`,
        access: area,
        flashErrors: true,
      },
      async (request, reply) => {
        const claimed = await verification.claim(request.user!, idOf(request), requestContext(request));
        request.session.flash('success', 'درخواست برای بررسی به نام شما برداشته شد.');
        return reply.redirect(edit(claimed.id), 303);
      },
    );

    route(
      {
        name: name('decide'),
        method: 'PATCH',
        uri: `/${area}/verify/{verification}`,
        access: area,
        errorField: 'decision',
      },
      async (request, reply) => {
        const input = await request.validate(decideSchema);
        const decided = await verification.decide(
          request.user!,
          idOf(request),
          input,
          requestContext(request),
        );
        request.session.flash(
          'success',
          decided.status === 'approved'
            ? 'هویت مشتری تأیید شد و به او خبر دادیم.'
            : 'درخواست رد شد و دلیلش برای مشتری فرستاده شد.',
        );
        return reply.redirect(edit(decided.id), 303);
      },
      { bodyLimit: 16 * 1024 },
    );

    route(
      {
        name: name('document'),
        method: 'GET',
        uri: `/${area}/verify/{verification}/documents/{document}`,
        access: area,
      },
      async (request, reply) => {
        const { document } = request.params as { document: string };
        const uuid = z.uuid().safeParse(document);
        if (!uuid.success) throw kycNotFound();
        const file = await verification.staffDocument(
          request.user!,
          idOf(request),
          uuid.data,
          requestContext(request),
        );
        return sendPrivateFile(reply, file);
      },
    );

    if (area === 'admin') {
      route(
        {
          name: 'admin.verify.revoke',
          method: 'PATCH',
          uri: '/admin/verify/{verification}/revoke',
          access: 'admin',
          errorField: 'reason',
        },
        async (request, reply) => {
          const { reason } = await request.validate(revokeSchema);
          const revoked = await verification.revoke(
            request.user!,
            idOf(request),
            reason,
            requestContext(request),
          );
          request.session.flash('success', 'تأیید هویت لغو شد و به مشتری خبر دادیم.');
          return reply.redirect(edit(revoked.id), 303);
        },
        { bodyLimit: 16 * 1024 },
      );
    }
  };
}
