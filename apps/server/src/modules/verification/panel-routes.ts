import { ValidationError } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptUploads } from '../../http/multipart';
import { namedRoute, routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { fieldError, requestContext } from '../../http/route-helpers';
import { PASSWORD_CONFIRM_SECONDS, SESSION_KEYS } from '../../http/session-keys';
import { cleanFileName, sendPrivateFile, sniffFile } from '../../lib/files';
import { faNumber } from '../../lib/persian';
import { findActiveUserByMobile } from '../users';
import { accountLimits, accountProfileOf, saveAccountProfile } from './account-profile';
import type { KycDocumentView, KycRequestView, PanelAccountVerifyProps } from './contracts';
import { kycNotFound } from './errors';
import { DOCUMENT_LABELS, type DocumentUpload, requiredKinds } from './service';
import {
  DOCUMENT_KINDS,
  type DocumentKind,
  type VerificationDocument,
  type VerificationRequest,
} from './tables';
import {
  accountUpdateSchema,
  MIN_AGE_YEARS,
  mobileProveSchema,
  mobileSendSchema,
  tehranToday,
  verifySchema,
} from './validators';

/** Each document's limit (docs/screens.md: ≤ 5 MB, JPEG/PNG/WebP/PDF). */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
const DOCUMENT_TOO_LARGE = `حجم هر مدرک حداکثر ${faNumber(5)} مگابایت باشد؛ تصویر را کوچک‌تر کنید.`;
const DOCUMENT_TYPE = 'تنها تصویر JPEG، PNG یا WebP یا فایل PDF پذیرفته می‌شود.';
const ACCEPTED_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

/** The number a code was sent to from Account/Edit or Verify (one flow at a time per session). */
const PENDING_MOBILE = 'kyc.pending_mobile';

export function requestView(request: VerificationRequest): KycRequestView {
  return {
    uuid: request.uuid,
    type: request.type,
    first_name: request.firstName,
    last_name: request.lastName,
    national_code: request.nationalCode,
    birth_date: request.birthDate,
    mobile: request.mobile,
    mobile_verified: request.mobileVerifiedAt !== null,
    company_name: request.companyName,
    company_national_id: request.companyNationalId,
    company_registration_no: request.companyRegistrationNo,
    selfie_text: request.selfieText,
    status: request.status,
    reason: request.reason,
    submitted_at: request.submittedAt?.toISOString() ?? null,
    reviewed_at: request.reviewedAt?.toISOString() ?? null,
  };
}

export function documentView(doc: VerificationDocument, url: string): KycDocumentView {
  return {
    uuid: doc.uuid,
    kind: doc.kind,
    label: DOCUMENT_LABELS[doc.kind],
    mime: doc.mime,
    size: doc.size,
    is_image: doc.mime.startsWith('image/'),
    url,
  };
}

/** The ISO day `years` before `today` (the latest birth date of someone that old). */
function yearsBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-');
  const day = m === '02' && d === '29' ? '28' : d;
  return `${String(Number(y) - years).padStart(4, '0')}-${m}-${day}`;
}

/**
 * The customer's identity wizard (Panel/Account/Verify), its documents, the mobile proof by SMS
 * code that Verify and Account/Edit share, and the account pages (Show, Edit and its update).
 */
export async function panelVerifyRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { verification, db, smsCodes, accounts } = app.services;
  const wizard = () => registry.url('panel.account.verify', {}, false);
  const confirmedLately = (request: FastifyRequest) =>
    Date.now() - Number(request.session.get(SESSION_KEYS.passwordConfirmedAt) ?? 0) <=
    PASSWORD_CONFIRM_SECONDS * 1000;

  /** The code sent from this session, while it still counts down. */
  const pendingCode = async (request: FastifyRequest) => {
    const mobile = request.session.get<string>(PENDING_MOBILE);
    if (!mobile) return null;
    const state = await smsCodes.state(mobile, 'mobile_change');
    return state && state.expiresIn > 0
      ? { mobile, expires_in: state.expiresIn, resend_in: state.resendIn }
      : null;
  };

  route(
    { name: 'panel.account.verify', method: 'GET', uri: '/panel/account/verify', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const current = await verification.currentOf(user.id);
      const today = tehranToday();
      const status = current?.request.status;
      const decided = status === 'rejected' || status === 'revoked';
      const props: PanelAccountVerifyProps = {
        request: current ? requestView(current.request) : null,
        previous:
          current && status === 'draft'
            ? await verification.previousDecision(user.id, current.request.id)
            : null,
        documents: (current?.documents ?? []).map((d) =>
          documentView(d, registry.url('panel.account.verify.document', { document: d.uuid }, false)),
        ),
        account: { mobile: user.mobile, mobile_verified: user.mobileVerifiedAt !== null },
        mobile_code: await pendingCode(request),
        required: { individual: requiredKinds('individual'), legal: requiredKinds('legal') },
        labels: DOCUMENT_LABELS,
        max_bytes: DOCUMENT_MAX_BYTES,
        today,
        latest_birth_date: yearsBefore(today, MIN_AGE_YEARS),
        can: {
          // After a decision the wizard waits for `renew`: the next request, with its own selfie words.
          edit: status === undefined || status === 'draft',
          renew: decided && user.kycStatus !== 'approved',
          withdraw: status === 'draft' || status === 'submitted',
        },
      };
      return render(reply, 'Panel/Account/Verify', props);
    },
  );

  // Documents come as multipart: parsed in this scope only.
  await app.register(async (scope) => {
    const { preValidation } = await acceptUploads(scope, {
      fileSize: DOCUMENT_MAX_BYTES,
      files: DOCUMENT_KINDS.length + 1,
      maxRequestBytes: DOCUMENT_KINDS.length * DOCUMENT_MAX_BYTES + 512 * 1024,
    });
    namedRoute(
      scope,
      registry,
      {
        name: 'panel.account.verify.store',
        method: 'POST',
        uri: '/panel/account/verify',
        access: 'customer',
        errorField: 'submit',
      },
      async (request, reply) => {
        const errors: Record<string, string> = {};
        let input: z.output<ReturnType<typeof verifySchema>> | undefined;
        try {
          input = await request.validate(verifySchema());
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          Object.assign(errors, error.errors);
        }
        const uploads = takeDocuments(request, errors);
        if (!input || Object.keys(errors).length > 0) throw new ValidationError(errors);
        const saved = await verification.saveOwn(request.user!, input, uploads, requestContext(request));
        request.session.flash(
          'success',
          saved.status === 'submitted'
            ? 'درخواست احراز هویت فرستاده شد؛ نتیجهٔ بررسی را با پیامک و اعلان خبر می‌دهیم.'
            : 'پیش‌نویس احراز هویت ذخیره شد.',
        );
        return reply.redirect(wizard(), 303);
      },
      { preValidation },
    );
  });

  route(
    {
      name: 'panel.account.verify.renew',
      method: 'POST',
      uri: '/panel/account/verify/renew',
      access: 'customer',
      flashErrors: true,
    },
    async (request, reply) => {
      await verification.renewOwn(request.user!.id);
      return reply.redirect(wizard(), 303);
    },
    { bodyLimit: 8 * 1024 },
  );

  route(
    {
      name: 'panel.account.verify.destroy',
      method: 'DELETE',
      uri: '/panel/account/verify',
      access: 'customer',
      flashErrors: true,
    },
    async (request, reply) => {
      const outcome = await verification.withdrawOwn(request.user!.id, requestContext(request));
      request.session.flash(
        'success',
        outcome === 'draft'
          ? 'درخواست از صف بررسی پس گرفته شد؛ آن را ویرایش کنید و دوباره بفرستید.'
          : 'پیش‌نویس احراز هویت و مدارکش پاک شد.',
      );
      return reply.redirect(wizard(), 303);
    },
  );

  route(
    {
      name: 'panel.account.verify.document',
      method: 'GET',
      uri: '/panel/account/verify/documents/{document}',
      access: 'customer',
    },
    async (request, reply) => {
      const { document } = request.params as { document: string };
      const uuid = z.uuid().safeParse(document);
      if (!uuid.success) throw kycNotFound();
      const file = await verification.ownDocument(request.user!.id, uuid.data);
      return sendPrivateFile(reply, file);
    },
  );

  // ----- the account's mobile, proven by an SMS code (Verify and Account/Edit) -----
  route(
    {
      name: 'panel.account.mobile.send',
      method: 'POST',
      uri: '/panel/account/mobile/code',
      access: 'customer',
      errorField: 'mobile',
    },
    async (request, reply) => {
      const user = request.user!;
      const { mobile } = await request.validate(mobileSendSchema);
      // Proving the number the account already has needs nothing more; taking another number is
      // a change of the account's contact, which a stolen session must not make.
      if (mobile !== user.mobile && !confirmedLately(request)) {
        request.session.set(SESSION_KEYS.intended, returnPath(request.headers.referer, wizard()));
        request.session.flash(
          'error',
          'برای تغییر شمارهٔ موبایل، نخست رمز عبور یا کد پیامکی خود را تأیید کنید.',
        );
        return reply.redirect(registry.url('password.confirm', {}, false), 303);
      }
      const holder = await findActiveUserByMobile(db, mobile);
      if (holder && holder.id !== user.id) fieldError('mobile', 'این شماره برای حساب دیگری ثبت شده است.');
      const sent = await smsCodes.send({ mobile, purpose: 'mobile_change', ip: request.ip });
      if (sent.status !== 'sent') fieldError('mobile', sent.message);
      request.session.set(PENDING_MOBILE, mobile);
      request.session.flash('success', sent.message);
      return reply.back(wizard());
    },
    { bodyLimit: 8 * 1024 },
  );

  route(
    {
      name: 'panel.account.mobile.update',
      method: 'PUT',
      uri: '/panel/account/mobile',
      access: 'customer',
      errorField: 'code',
    },
    async (request, reply) => {
      const user = request.user!;
      const { mobile, code } = await request.validate(mobileProveSchema);
      const pending = request.session.get<string>(PENDING_MOBILE);
      if (!pending || pending !== mobile) fieldError('code', 'نخست کد تأیید را برای این شماره بخواهید.');
      if (mobile !== user.mobile && !confirmedLately(request))
        fieldError('code', 'برای تغییر شمارهٔ موبایل، نخست رمز عبور یا کد پیامکی خود را تأیید کنید.');
      const outcome = await smsCodes.verify({ mobile, purpose: 'mobile_change', code });
      if (outcome.status !== 'valid') fieldError('code', outcome.message);
      if (mobile !== user.mobile || !user.mobileVerifiedAt) {
        await accounts.changeMobile(user.id, mobile, requestContext(request));
      }
      await verification.proveMobile(user.id, mobile);
      request.session.forget(PENDING_MOBILE);
      request.session.flash('success', 'مالکیت شمارهٔ موبایل تأیید شد.');
      return reply.back(wizard());
    },
    { bodyLimit: 8 * 1024 },
  );

  // ----- the account pages -----
  route(
    { name: 'panel.account.show', method: 'GET', uri: '/panel/account', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const [profile, current, limits] = await Promise.all([
        accountProfileOf(db, user),
        verification.currentOf(user.id),
        accountLimits(db, user),
      ]);
      return render(reply, 'Panel/Account/Show', {
        account: accountSummary(user, current?.request ?? null),
        bill_to: profile.billTo,
        marketing_opt_in: profile.marketingOptIn,
        limits,
      });
    },
  );

  route(
    { name: 'panel.account.edit', method: 'GET', uri: '/panel/account/edit', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const [profile, current] = await Promise.all([
        accountProfileOf(db, user),
        verification.currentOf(user.id),
      ]);
      return render(reply, 'Panel/Account/Edit', {
        account: accountSummary(user, current?.request ?? null),
        bill_to: profile.values,
        names_locked: profile.namesLocked,
        marketing_opt_in: profile.marketingOptIn,
        mobile_code: await pendingCode(request),
      });
    },
  );

  route(
    { name: 'panel.account.update', method: 'PUT', uri: '/panel/account', access: 'customer' },
    async (request, reply) => {
      const input = await request.validate(accountUpdateSchema);
      await saveAccountProfile(db, request.user!, input, requestContext(request));
      request.session.flash('success', 'مشخصات حساب ذخیره شد.');
      return reply.redirect(registry.url('panel.account.show', {}, false), 303);
    },
    { bodyLimit: 16 * 1024 },
  );
}

/** Back to the account page the form was on (Verify or Edit) after the password confirmation. */
function returnPath(referer: string | undefined, fallback: string): string {
  try {
    const path = new URL(referer ?? '', 'http://x').pathname;
    return path.startsWith('/panel/account') ? path : fallback;
  } catch {
    return fallback;
  }
}

function accountSummary(user: NonNullable<FastifyRequest['user']>, latest: VerificationRequest | null) {
  return {
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    email_verified: user.emailVerifiedAt !== null,
    mobile_verified: user.mobileVerifiedAt !== null,
    two_factor: user.twoFactorConfirmedAt !== null,
    kyc_status: user.kycStatus,
    kyc_reason:
      latest && (latest.status === 'rejected' || latest.status === 'revoked') ? latest.reason : null,
  };
}

/**
 * The documents of the form, each under its kind's field: what its bytes are (JPEG, PNG, WebP or
 * PDF, whatever the name says), ≤ 5 MB. Problems go to `errors` under the field.
 */
function takeDocuments(request: FastifyRequest, errors: Record<string, string>): DocumentUpload[] {
  if (request.uploadProblem === 'too-large') {
    errors.documents = DOCUMENT_TOO_LARGE;
    return [];
  }
  if (request.uploadProblem) {
    errors.documents = 'مدارک به‌درستی فرستاده نشد؛ دوباره تلاش کنید.';
    return [];
  }
  const taken: DocumentUpload[] = [];
  for (const file of request.uploads ?? []) {
    if (file.filename === '' && file.bytes.length === 0) continue;
    const kind = file.field as DocumentKind;
    if (!DOCUMENT_KINDS.includes(kind)) {
      errors.documents = 'مدرک ناشناخته‌ای فرستاده شد.';
      continue;
    }
    if (taken.some((t) => t.kind === kind)) {
      errors[kind] = 'برای هر مدرک تنها یک فایل بفرستید.';
      continue;
    }
    if (file.truncated) {
      errors[kind] = DOCUMENT_TOO_LARGE;
      continue;
    }
    const sniffed = sniffFile(file.bytes);
    if (!sniffed || !ACCEPTED_MIMES.has(sniffed.mime)) {
      errors[kind] = DOCUMENT_TYPE;
      continue;
    }
    const name = cleanFileName(file.filename) ?? `${kind}.${sniffed.ext}`;
    taken.push({ kind, bytes: file.bytes, mime: sniffed.mime, fileName: name });
  }
  return taken;
}
