// This module's page contracts: the PageContracts entries render() checks these pages against.

import { ValidationError } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptUploads, singleUpload } from '../../http/multipart';
import { namedRoute, routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { fieldError, requestContext } from '../../http/route-helpers';
import {
  PASSWORD_CONFIRM_SECONDS,
  RECOVERY_CODES_SHOWN_SECONDS,
  SESSION_KEYS,
} from '../../http/session-keys';
import { UploadError } from '../../http/upload-error';
import { normalizeEmail } from '../../lib/email-address';
import { maskMobile } from '../../lib/mobile';
import { verifyPassword } from '../../lib/password';
import { summarizeAgent } from '../../lib/user-agent';
import { recordActivity } from '../activity';
import { CONFIRM_LIMIT, VERIFICATION_MAIL_LIMIT, verificationAddressSchema } from '../auth';
import type { User } from '../users';
import { findActiveUserByMobile } from '../users';
import type {} from './contracts';
import { findPhotoOwner, removeProfilePhoto, updateProfileInformation } from './profile';
import {
  checkProfilePhoto,
  deleteProfilePhoto,
  isStoredPhotoName,
  PHOTO_CONTENT_TYPES,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_TOO_LARGE,
  profilePhotoUrl,
  readProfilePhoto,
  storeProfilePhoto,
} from './profile-photo';
import {
  mobileChangeSchema,
  mobileCodeSchema,
  passwordOnlySchema,
  passwordUpdateSchema,
  profileInformationSchema,
  twoFactorCodeSchema,
} from './validators';

/** What the home page says after an account deleted itself. */
export const ACCOUNT_DELETED = 'حساب شما حذف شد و اطلاعات شخصی‌تان پاک شد.';

/** Profile/Show and the actions of its five forms (docs/screens.md §3). */
export async function accountRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { accounts, twoFactor, emailVerification, limiter, storageDir } = app.services;
  const db = app.services.db;
  const back = (reply: FastifyReply) => reply.back(registry.url('profile.show', {}, false));

  /**
   * The password asked again by a form. Accounts made by SMS have none: for them a recent SMS
   * confirmation (password.confirm) stands in for it.
   */
  const checkPassword = async (
    request: FastifyRequest,
    user: User,
    password: string | undefined,
    field: string,
  ) => {
    if (!user.passwordHash) {
      if (!confirmedLately(request)) fieldError(field, 'نخست هویت خود را با کد پیامکی تأیید کنید.');
      return;
    }
    if (!password) fieldError(field, 'رمز عبور را وارد کنید.');
    const limit = await limiter.hit(`confirm:user:${user.id}`, CONFIRM_LIMIT.perMinute, 60);
    if (!limit.allowed) fieldError(field, 'تلاش‌ها بیش از حد مجاز بوده است؛ یک دقیقه دیگر تلاش کنید.');
    if (!(await verifyPassword(password, user.passwordHash))) fieldError(field, 'رمز عبور درست نیست.');
  };

  /** The password (or an SMS code) confirmed in this session within the `confirm` window. */
  const confirmedLately = (request: FastifyRequest) =>
    Date.now() - Number(request.session.get(SESSION_KEYS.passwordConfirmedAt) ?? 0) <=
    PASSWORD_CONFIRM_SECONDS * 1000;
  const emailWouldChange = (user: User, email: string | undefined) =>
    (email ? normalizeEmail(email) : null) !== (user.email ? normalizeEmail(user.email) : null);

  route(
    { name: 'profile.show', method: 'GET', uri: '/user/profile', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const [sessions, blockers, remaining, settings] = await Promise.all([
        app.sessionStore.listForUser(user.id),
        accounts.deleteBlockers(user),
        user.twoFactorConfirmedAt ? twoFactor.remainingRecoveryCodes(user.id) : Promise.resolve(0),
        app.services.settings(),
      ]);
      return render(reply, 'Profile/Show', {
        user: {
          name: user.name,
          email: user.email,
          mobile_masked: user.mobile ? maskMobile(user.mobile) : null,
          // The owner's own number, whole: the profile is where it is read and changed.
          mobile: user.mobile,
          mobile_pending: request.session.get<string>(SESSION_KEYS.pendingMobile) ?? null,
          photo_url: profilePhotoUrl(registry, user.photoPath),
          email_verified: user.emailVerifiedAt !== null,
          mobile_verified: user.mobileVerifiedAt !== null,
          has_password: user.passwordHash !== null,
        },
        two_factor: {
          enabled: user.twoFactorSecret !== null,
          confirmed: user.twoFactorConfirmedAt !== null,
          recovery_codes_left: remaining,
          can_disable: !(settings.staffRequire2fa && user.role !== 'customer'),
        },
        confirms_two_factor_authentication: true,
        sessions: sessions.map((s) => ({
          agent: summarizeAgent(s.userAgent),
          ip_address: s.ipAddress,
          is_current_device: s.id === request.session.id,
          last_active: s.lastActivity.toISOString(),
        })),
        delete_blockers: blockers,
      });
    },
  );

  // ----- mobile number: a new one counts only once the SMS code sent to it comes back -----
  route(
    {
      name: 'user-mobile.send',
      method: 'POST',
      uri: '/user/mobile/code',
      access: 'customer',
      confirm: true,
      errorField: 'mobile',
    },
    async (request, reply) => {
      const user = request.user!;
      const { mobile } = await request.validate(mobileChangeSchema);
      if (mobile === user.mobile && user.mobileVerifiedAt)
        fieldError('mobile', 'این شماره همین حالا شمارهٔ حساب شماست.');
      const holder = await findActiveUserByMobile(db, mobile);
      if (holder && holder.id !== user.id) fieldError('mobile', 'این شماره برای حساب دیگری ثبت شده است.');
      const sent = await app.services.smsCodes.send({ mobile, purpose: 'mobile_change', ip: request.ip });
      if (sent.status !== 'sent') fieldError('mobile', sent.message);
      request.session.set(SESSION_KEYS.pendingMobile, mobile);
      request.session.flash('success', sent.message);
      return back(reply);
    },
  );

  route(
    {
      name: 'user-mobile.update',
      method: 'PUT',
      uri: '/user/mobile',
      access: 'customer',
      // Asked when the code was sent too: a confirmation that lapsed since must not carry it.
      confirm: true,
      errorField: 'code',
    },
    async (request, reply) => {
      const user = request.user!;
      const { code } = await request.validate(mobileCodeSchema);
      const mobile = request.session.get<string>(SESSION_KEYS.pendingMobile);
      if (!mobile) fieldError('code', 'نخست شمارهٔ تازه را بنویسید تا کدی برایش پیامک شود.');
      const outcome = await app.services.smsCodes.verify({ mobile, purpose: 'mobile_change', code });
      if (outcome.status !== 'valid') fieldError('code', outcome.message);
      await accounts.changeMobile(user.id, mobile, requestContext(request));
      request.session.forget(SESSION_KEYS.pendingMobile);
      request.session.flash('success', 'شمارهٔ موبایل شما تغییر کرد.');
      return back(reply);
    },
  );

  route(
    { name: 'user-mobile.cancel', method: 'DELETE', uri: '/user/mobile/code', access: 'customer' },
    async (request, reply) => {
      request.session.forget(SESSION_KEYS.pendingMobile);
      return back(reply);
    },
  );

  // The only route here that takes files: multipart is parsed in its own scope, nowhere else.
  await app.register(async (scope) => {
    const { preValidation } = await acceptUploads(scope, {
      fileSize: PROFILE_PHOTO_MAX_BYTES,
      // One more than the form sends, so "several files" is an answer, not a broken request.
      files: 2,
      maxRequestBytes: PROFILE_PHOTO_MAX_BYTES + 256 * 1024,
    });
    namedRoute(
      scope,
      registry,
      {
        name: 'user-profile-information.update',
        method: 'PUT',
        uri: '/user/profile-information',
        access: 'customer',
        errorField: 'email',
      },
      async (request, reply) => {
        const user = request.user!;
        // Every field's problem at once: a bad photo and a bad name are both shown.
        const errors: Record<string, string> = {};
        let input: Awaited<ReturnType<typeof profileInformationSchema.parseAsync>> | undefined;
        try {
          input = await request.validate(profileInformationSchema);
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          Object.assign(errors, error.errors);
        }
        let photo: { bytes: Buffer; ext: 'jpg' | 'png' | 'webp' } | null = null;
        try {
          const file = singleUpload(request, 'photo', { tooLarge: PROFILE_PHOTO_TOO_LARGE });
          if (file) photo = { bytes: file.bytes, ext: checkProfilePhoto(file.bytes).ext };
        } catch (error) {
          if (!(error instanceof UploadError)) throw error;
          errors.photo = error.message;
        }
        if (!input || Object.keys(errors).length > 0) throw new ValidationError(errors);
        // A new e-mail is where resets and notices go: whoever holds a session must prove they
        // are the owner first (as `confirm` routes do), or a stolen session becomes the account.
        if (emailWouldChange(user, input.email) && !confirmedLately(request)) {
          request.session.set(SESSION_KEYS.intended, registry.url('profile.show', {}, false));
          request.session.flash('error', 'برای تغییر ایمیل، نخست رمز عبور خود را تأیید کنید.');
          return reply.redirect(registry.url('password.confirm', {}, false), 303);
        }

        const photoPath = photo ? await storeProfilePhoto(storageDir, photo.bytes, photo.ext) : undefined;
        let result: Awaited<ReturnType<typeof updateProfileInformation>>;
        try {
          result = await updateProfileInformation(
            db,
            user,
            { ...input, ...(photoPath ? { photoPath } : {}) },
            requestContext(request),
          );
        } catch (error) {
          // Nothing changed: the new file must not outlive the refusal (answered as `errors.email`).
          await deleteProfilePhoto(storageDir, photoPath);
          throw error;
        }
        await deleteProfilePhoto(storageDir, result.replacedPhotoPath).catch((error) =>
          request.log.error({ err: error }, 'replaced profile photo not deleted'),
        );
        if (result.emailChanged && result.user.email) {
          await emailVerification
            .send(result.user)
            .catch((error) => request.log.error({ err: error }, 'verification mail'));
          request.session.flash('status', 'verification-link-sent');
        }
        request.session.flash('success', 'مشخصات شما ذخیره شد.');
        // With nothing verified left, this page is closed to the account until the new address is
        // confirmed: straight to the notice, since a second redirect would drop the messages above.
        if (!result.user.emailVerifiedAt && !result.user.mobileVerifiedAt) {
          return reply.redirect(registry.url('verification.notice', {}, false), 303);
        }
        return back(reply);
      },
      { preValidation },
    );
  });

  route(
    { name: 'current-user-photo.destroy', method: 'DELETE', uri: '/user/profile-photo', access: 'customer' },
    async (request, reply) => {
      const removed = await removeProfilePhoto(db, request.user!.id, storageDir, requestContext(request));
      if (removed) request.session.flash('success', 'عکس پروفایل حذف شد.');
      return back(reply);
    },
  );

  route(
    {
      name: 'profile-photo.show',
      method: 'GET',
      uri: '/user/profile-photo/{photo}',
      // `user`: the avatar shows in the header of every signed-in page, suspended accounts' too.
      access: 'user',
    },
    async (request, reply) => {
      const { photo } = request.params as { photo: string };
      const viewer = request.user!;
      const owner = isStoredPhotoName(photo) ? await findPhotoOwner(db, photo) : null;
      // Only the owner and staff; anyone else learns nothing, not even that the photo exists.
      const staff = (viewer.role === 'care' || viewer.role === 'admin') && viewer.status === 'active';
      const bytes =
        owner && (owner.id === viewer.id || staff) ? await readProfilePhoto(storageDir, photo) : null;
      if (!bytes) {
        return reply.page('Public/Blank', { status: 404, message: 'عکس پیدا نشد.' }, { status: 404 });
      }
      const ext = photo.slice(photo.lastIndexOf('.') + 1) as keyof typeof PHOTO_CONTENT_TYPES;
      return (
        reply
          // The type comes from the bytes checked at upload (the stored extension), never the sender.
          .type(PHOTO_CONTENT_TYPES[ext])
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', `inline; filename="photo.${ext}"`)
          .header('cross-origin-resource-policy', 'same-origin')
          // A new photo gets a new name, so a name's bytes never change; private: it needs a sign-in.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(bytes)
      );
    },
  );

  route(
    {
      name: 'user-password.update',
      method: 'PUT',
      uri: '/user/password',
      access: 'customer',
      errorField: 'password',
    },
    async (request, reply) => {
      const user = request.user!;
      const input = await request.validate(passwordUpdateSchema);
      // Accounts made by SMS set a first password without a current one.
      if (user.passwordHash) await checkPassword(request, user, input.current_password, 'current_password');
      await accounts.changePassword(user.id, input.password, {
        keepSessionId: request.session.id,
        // This browser stays remembered; every other remembered browser is out with its session.
        keepRememberTokenId: app.services.remember.currentTokenId(request, user.id),
        ...requestContext(request),
      });
      // Every other session ended in the service; this one gets a new id (privilege change).
      request.session.regenerate();
      request.session.set(SESSION_KEYS.passwordConfirmedAt, Date.now());
      request.session.flash('success', 'رمز عبور تغییر کرد و نشست‌های دیگر بسته شدند.');
      return back(reply);
    },
  );

  // ----- two-factor authentication -----
  route(
    {
      name: 'two-factor.enable',
      method: 'POST',
      uri: '/user/two-factor-authentication',
      access: 'customer',
      confirm: true,
      flashErrors: true,
    },
    async (request, reply) => {
      await twoFactor.enable(request.user!.id);
      return back(reply);
    },
  );

  const showRecoveryCodes = (request: FastifyRequest, codes: string[]) => {
    request.session.flash('recovery_codes', codes);
    request.session.set(SESSION_KEYS.recoveryCodes, {
      codes,
      until: Date.now() + RECOVERY_CODES_SHOWN_SECONDS * 1000,
    });
  };

  route(
    {
      name: 'two-factor.confirm',
      method: 'POST',
      uri: '/user/confirmed-two-factor-authentication',
      access: 'customer',
      confirm: true,
      errorField: 'code',
    },
    async (request, reply) => {
      const { code } = await request.validate(twoFactorCodeSchema);
      const { recoveryCodes: codes } = await twoFactor.confirm(
        request.user!.id,
        code,
        requestContext(request),
      );
      // A stronger sign-in now protects the account: new session id.
      request.session.regenerate();
      showRecoveryCodes(request, codes);
      request.session.flash('success', 'ورود دومرحله‌ای فعال شد. کدهای بازیابی را در جای امنی نگه دارید.');
      return back(reply);
    },
  );

  route(
    {
      name: 'two-factor.disable',
      method: 'DELETE',
      uri: '/user/two-factor-authentication',
      access: 'customer',
      confirm: true,
      flashErrors: true,
    },
    async (request, reply) => {
      const { staffRequire2fa } = await app.services.settings();
      await twoFactor.disable(request.user!.id, { staffRequire2fa }, requestContext(request));
      request.session.regenerate();
      request.session.flash('success', 'ورود دومرحله‌ای غیرفعال شد.');
      return back(reply);
    },
  );

  route(
    {
      name: 'two-factor.qr-code',
      method: 'GET',
      uri: '/user/two-factor-qr-code',
      access: 'customer',
      confirm: true,
      json: true,
    },
    (request) => twoFactor.qrCode(request.user!.id),
  );

  route(
    {
      name: 'two-factor.secret-key',
      method: 'GET',
      uri: '/user/two-factor-secret-key',
      access: 'customer',
      confirm: true,
      json: true,
    },
    async (request) => ({ secretKey: await twoFactor.secretKey(request.user!.id) }),
  );

  route(
    {
      name: 'two-factor.recovery-codes',
      method: 'GET',
      uri: '/user/two-factor-recovery-codes',
      access: 'customer',
      confirm: true,
      json: true,
    },
    // Only hashes are stored: the codes can be read back only for a few minutes after they are made.
    (request) => {
      const shown = request.session.get<{ codes: string[]; until: number }>(SESSION_KEYS.recoveryCodes);
      return shown && shown.until > Date.now() ? shown.codes : [];
    },
  );

  route(
    {
      name: 'two-factor.regenerate-recovery-codes',
      method: 'POST',
      uri: '/user/two-factor-recovery-codes',
      access: 'customer',
      confirm: true,
      flashErrors: true,
    },
    async (request, reply) => {
      const codes = await twoFactor.regenerateRecoveryCodes(request.user!.id, requestContext(request));
      showRecoveryCodes(request, codes);
      request.session.flash('success', 'کدهای بازیابی تازه ساخته شد؛ کدهای پیشین دیگر کار نمی‌کنند.');
      return back(reply);
    },
  );

  // ----- browser sessions -----
  route(
    {
      name: 'other-browser-sessions.destroy',
      method: 'DELETE',
      uri: '/user/other-browser-sessions',
      access: 'customer',
    },
    async (request, reply) => {
      const user = request.user!;
      const { password } = await request.validate(passwordOnlySchema);
      await checkPassword(request, user, password, 'password');
      const ended = await app.sessionStore.destroyOthers(user.id, request.session.id);
      // A remembered browser would sign itself straight back in: its token goes with its session.
      await app.services.rememberTokens.revokeAllForUser(user.id, {
        exceptId: app.services.remember.currentTokenId(request, user.id),
      });
      request.session.regenerate();
      await recordActivity(db, {
        event: 'auth:sessions.ended',
        actorId: user.id,
        properties: { count: ended },
        ...requestContext(request),
      });
      request.session.flash('success', 'از همهٔ نشست‌های دیگر خارج شدید.');
      return back(reply);
    },
  );

  // ----- delete account -----
  route(
    { name: 'current-user.destroy', method: 'DELETE', uri: '/user', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const { password } = await request.validate(passwordOnlySchema);
      await checkPassword(request, user, password, 'password');
      // Refused while something is left to settle: the reasons go under `errors.form` (and
      // Profile/Show lists delete_blockers).
      await accounts.deleteAccount(user.id, requestContext(request));
      // The row forgot the photo in the deletion; the picture itself is personal data too.
      await deleteProfilePhoto(storageDir, user.photoPath).catch((error) =>
        request.log.error({ err: error }, 'deleted account photo not removed'),
      );
      request.session.invalidate();
      // On the new guest session: the home page says what happened instead of just appearing.
      request.session.flash('success', ACCOUNT_DELETED);
      return reply.location(registry.url('home', {}, false));
    },
  );

  // An address mistyped at sign-up: while nothing is verified the profile page is closed to the
  // account (it needs a verified contact), so the notice itself takes the corrected address.
  route(
    {
      name: 'verification.address.update',
      method: 'PUT',
      uri: '/email/verification-address',
      access: 'user',
      // The address a reset would go to once verified: a session's holder proves they are the
      // owner first (a fresh sign-up has, by typing the password).
      confirm: true,
      errorField: 'email',
    },
    async (request, reply) => {
      const user = request.user!;
      if (user.emailVerifiedAt) return reply.redirect(registry.url('users.home', {}, false), 303);
      const { email } = await request.validate(verificationAddressSchema);
      // Each try mails a link: the same limit as «send again».
      const limit = await limiter.hit(`verify-mail:user:${user.id}`, VERIFICATION_MAIL_LIMIT.perMinute, 60);
      if (!limit.allowed) {
        fieldError('email', 'درخواست‌ها بیش از حد مجاز بوده است؛ یک دقیقه دیگر تلاش کنید.');
      }
      const { user: updated } = await updateProfileInformation(
        db,
        user,
        { name: user.name, email },
        requestContext(request),
      );
      // The same address again is a resend: a link goes out either way.
      await emailVerification.send(updated);
      request.session.flash('status', 'verification-link-sent');
      return reply.redirect(registry.url('verification.notice', {}, false), 303);
    },
  );
}
