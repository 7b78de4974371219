// This module's page contracts: the PageContracts entries render() checks these pages against.

import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { fieldError, requestContext, seeOther } from '../../http/route-helpers';
import { type PendingTwoFactor, SESSION_KEYS } from '../../http/session-keys';
import { maskMobile } from '../../lib/mobile';
import { verifyPassword } from '../../lib/password';
import { recordActivity } from '../activity';
import { requireHuman } from '../botcheck';
import type {} from './contracts';
import { leaveTo, startSession } from './sign-in';
import { registerWithPassword } from './signup-attempts';
import {
  confirmPasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  twoFactorChallengeSchema,
} from './validators';

/** Challenge tries per pending sign-in per minute (Fortify's `two-factor` limiter: 5). */
export const TWO_FACTOR_LIMIT = { perMinute: 5 } as const;
/** Password confirmations per account per minute. */
export const CONFIRM_LIMIT = { perMinute: 5 } as const;
/** Verification mails per account per minute (docs/screens.md: 6 per minute). */
export const VERIFICATION_MAIL_LIMIT = { perMinute: 6 } as const;
/** Reset-link requests per IP per minute, on top of the service's one mail a minute per account. */
export const FORGOT_PASSWORD_LIMIT = { perIpPerMinute: 10 } as const;

const flashedStatus = (request: FastifyRequest) =>
  (request.session.flashed().status as string | undefined) ?? null;

/** Auth/* pages and actions of docs/screens.md §2 (the e-mail and password side; the mobile flow is apart). */
export async function authRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const {
    accounts,
    twoFactor,
    passwordReset,
    emailVerification,
    smsCodes,
    limiter,
    remember,
    rememberTokens,
  } = app.services;
  const db = app.services.db;

  // ----- login -----
  route({ name: 'login', method: 'GET', uri: '/login', access: 'guest' }, async (request, reply) => {
    const { registrationOpen } = await app.services.settings();
    return render(reply, 'Auth/Login', {
      can_reset_password: true,
      can_register: registrationOpen,
      status: flashedStatus(request),
    });
  });

  route({ name: 'login.store', method: 'POST', uri: '/login', access: 'guest' }, async (request, reply) => {
    await requireHuman(request, 'login');
    const body = { ...(request.body as Record<string, unknown>) };
    // The field holds an e-mail or a mobile; accept the name `login` too.
    if (body.email === undefined && body.login !== undefined) body.email = body.login;
    const input = await request.validate(loginSchema, body);
    const outcome = await accounts.attemptLogin({
      identifier: input.email,
      password: input.password,
      ...requestContext(request),
    });
    if (outcome.status !== 'ok') fieldError('email', outcome.message);
    if (outcome.twoFactorRequired) {
      // Still a guest: a new id anyway, so the half-signed-in state cannot be planted.
      request.session.regenerate();
      request.session.set(SESSION_KEYS.pendingTwoFactor, {
        userId: outcome.user.id,
        via: 'password',
        ...(input.remember ? { remember: true } : {}),
      } satisfies PendingTwoFactor);
      return seeOther(reply, registry, 'two-factor.login');
    }
    startSession(request, outcome.user, true);
    if (input.remember) await remember.remember(request, reply, outcome.user);
    return leaveTo(request, reply, registry, 'users.home');
  });

  // ----- two-factor challenge -----
  route(
    { name: 'two-factor.login', method: 'GET', uri: '/two-factor-challenge', access: 'guest' },
    async (request, reply) => {
      if (!request.session.get(SESSION_KEYS.pendingTwoFactor)) return seeOther(reply, registry, 'login');
      return reply.page('Auth/TwoFactorChallenge', {});
    },
  );

  route(
    { name: 'two-factor.login.store', method: 'POST', uri: '/two-factor-challenge', access: 'guest' },
    async (request, reply) => {
      const pending = request.session.get<PendingTwoFactor>(SESSION_KEYS.pendingTwoFactor);
      if (!pending) return seeOther(reply, registry, 'login');
      const input = await request.validate(twoFactorChallengeSchema);
      const field = input.recovery_code ? 'recovery_code' : 'code';
      const limit = await limiter.hit(`two-factor:user:${pending.userId}`, TWO_FACTOR_LIMIT.perMinute, 60);
      if (!limit.allowed) {
        fieldError(field, 'تلاش‌های نادرست بیش از حد مجاز بوده است؛ یک دقیقه دیگر دوباره تلاش کنید.');
      }
      const outcome = await twoFactor.challenge(pending.userId, {
        code: input.recovery_code ? undefined : input.code,
        recoveryCode: input.recovery_code,
      });
      if (!outcome.ok) {
        await recordActivity(db, {
          event: 'auth:failed',
          actorId: pending.userId,
          properties: { step: 'two_factor' },
          ...requestContext(request),
        });
        fieldError(field, outcome.message);
      }
      const user = await accounts.findById(pending.userId);
      if (!user) return seeOther(reply, registry, 'login');
      await limiter.reset(`two-factor:user:${pending.userId}`);
      startSession(request, user, pending.via === 'password');
      if (pending.remember) await remember.remember(request, reply, user);
      await recordActivity(db, {
        event: 'auth:login',
        actorId: user.id,
        properties: { via: pending.via, second_factor: outcome.method },
        ...requestContext(request),
      });
      if (outcome.method === 'recovery_code') {
        request.session.flash(
          'warning',
          `یک کد بازیابی مصرف شد؛ ${new Intl.NumberFormat('fa-IR').format(outcome.remainingRecoveryCodes)} کد دیگر مانده است.`,
        );
      }
      return leaveTo(request, reply, registry, 'users.home');
    },
  );

  // ----- register -----
  const registrationClosed = async () => !(await app.services.settings()).registrationOpen;
  const closedPage = (reply: import('fastify').FastifyReply) =>
    reply.page('Public/Blank', { status: 403, message: 'ثبت‌نام در حال حاضر بسته است.' }, { status: 403 });

  route({ name: 'register', method: 'GET', uri: '/register', access: 'guest' }, async (_request, reply) =>
    (await registrationClosed()) ? closedPage(reply) : reply.page('Auth/Register', {}),
  );

  route(
    { name: 'register.store', method: 'POST', uri: '/register', access: 'guest', errorField: 'email' },
    async (request, reply) => {
      if (await registrationClosed()) return closedPage(reply);
      await requireHuman(request, 'register');
      const input = await request.validate(registerSchema);
      const user = await registerWithPassword({ db, accounts }, input, requestContext(request));
      startSession(request, user, true);
      await recordActivity(db, {
        event: 'auth:login',
        actorId: user.id,
        properties: { via: 'register' },
        ...requestContext(request),
      });
      try {
        await emailVerification.send(user);
      } catch (error) {
        // The account exists either way; the notice page offers a resend.
        request.log.error({ err: error }, 'verification mail not sent');
      }
      return leaveTo(request, reply, registry, 'verification.notice');
    },
  );

  // ----- forgotten password -----
  route(
    { name: 'password.request', method: 'GET', uri: '/forgot-password', access: 'guest' },
    (request, reply) => render(reply, 'Auth/ForgotPassword', { status: flashedStatus(request) }),
  );

  route(
    { name: 'password.email', method: 'POST', uri: '/forgot-password', access: 'guest' },
    async (request, reply) => {
      await requireHuman(request, 'forgot_password');
      const input = await request.validate(forgotPasswordSchema);
      const limit = await limiter.hit(`forgot:ip:${request.ip}`, FORGOT_PASSWORD_LIMIT.perIpPerMinute, 60);
      if (!limit.allowed) fieldError('email', 'درخواست‌ها بیش از حد مجاز بوده است؛ کمی بعد دوباره تلاش کنید.');
      // The same answer whether or not the address has an account (no enumeration).
      const { message } = await passwordReset.request(input.email, requestContext(request));
      request.session.flash('status', message);
      return reply.back(registry.url('password.request', {}, false));
    },
  );

  route(
    {
      name: 'password.reset',
      method: 'GET',
      uri: '/reset-password/{token}',
      access: 'guest',
      wheres: { token: '[A-Za-z0-9_-]{20,200}' },
    },
    (request, reply) => {
      const { token } = request.params as { token: string };
      const email = (request.query as { email?: unknown }).email;
      return render(reply, 'Auth/ResetPassword', {
        token,
        email: typeof email === 'string' ? email.slice(0, 255) : '',
      });
    },
  );

  route(
    { name: 'password.update', method: 'POST', uri: '/reset-password', access: 'guest', errorField: 'email' },
    async (request, reply) => {
      const input = await request.validate(resetPasswordSchema);
      await passwordReset.reset(input, requestContext(request));
      request.session.flash('status', 'رمز عبور شما تغییر کرد؛ اکنون با رمز تازه وارد شوید.');
      return seeOther(reply, registry, 'login');
    },
  );

  // ----- password confirmation -----
  route(
    { name: 'password.confirm', method: 'GET', uri: '/user/confirm-password', access: 'user' },
    async (request, reply) => {
      const user = request.user!;
      if (user.passwordHash || !user.mobile)
        return render(reply, 'Auth/ConfirmPassword', { has_password: true });
      // Accounts made by SMS have no password: they confirm with a code sent to their mobile.
      let state = await smsCodes.state(user.mobile, 'confirm');
      if (!state || state.expiresIn === 0) {
        const sent = await smsCodes.send({ mobile: user.mobile, purpose: 'confirm', ip: request.ip });
        if (sent.status !== 'sent') request.session.flash('error', sent.message);
        state = await smsCodes.state(user.mobile, 'confirm');
      }
      return render(reply, 'Auth/ConfirmPassword', {
        has_password: false,
        mobile_masked: maskMobile(user.mobile),
        expires_in: state?.expiresIn ?? 0,
        resend_in: state?.resendIn ?? 0,
      });
    },
  );

  route(
    { name: 'password.confirm.store', method: 'POST', uri: '/user/confirm-password', access: 'user' },
    async (request, reply) => {
      const user = request.user!;
      const input = await request.validate(confirmPasswordSchema);
      const key = `confirm:user:${user.id}`;
      if (user.passwordHash || !user.mobile) {
        if (!input.password) fieldError('password', 'رمز عبور را وارد کنید.');
        const limit = await limiter.hit(key, CONFIRM_LIMIT.perMinute, 60);
        if (!limit.allowed)
          fieldError('password', 'تلاش‌ها بیش از حد مجاز بوده است؛ یک دقیقه دیگر تلاش کنید.');
        if (!user.passwordHash || !(await verifyPassword(input.password, user.passwordHash))) {
          fieldError('password', 'رمز عبور درست نیست.');
        }
      } else if (input.resend) {
        const sent = await smsCodes.send({ mobile: user.mobile, purpose: 'confirm', ip: request.ip });
        request.session.flash(sent.status === 'sent' ? 'success' : 'error', sent.message);
        return reply.back(registry.url('password.confirm', {}, false));
      } else {
        if (!input.code) fieldError('code', 'کد تأیید را وارد کنید.');
        const outcome = await smsCodes.verify({ mobile: user.mobile, purpose: 'confirm', code: input.code });
        if (outcome.status !== 'valid') fieldError('code', outcome.message);
      }
      await limiter.reset(key);
      request.session.set(SESSION_KEYS.passwordConfirmedAt, Date.now());
      const intended = request.session.get<string>(SESSION_KEYS.intended);
      request.session.forget(SESSION_KEYS.intended);
      return reply.redirect(
        intended && /^\/(?![/\\])/.test(intended) ? intended : registry.url('profile.show', {}, false),
        303,
      );
    },
  );

  route(
    {
      name: 'password.confirmation',
      method: 'GET',
      uri: '/user/confirmed-password-status',
      access: 'user',
      json: true,
    },
    async (request) => {
      const at = Number(request.session.get(SESSION_KEYS.passwordConfirmedAt) ?? 0);
      return { confirmed: Date.now() - at <= 3 * 60 * 60 * 1000 };
    },
  );

  // ----- e-mail verification -----
  route(
    { name: 'verification.notice', method: 'GET', uri: '/email/verify', access: 'user' },
    (request, reply) => {
      const user = request.user!;
      if (user.emailVerifiedAt || !user.email)
        return reply.redirect(registry.url('users.home', {}, false), 302);
      return render(reply, 'Auth/VerifyEmail', { status: flashedStatus(request), email: user.email });
    },
  );

  route(
    {
      name: 'verification.verify',
      method: 'GET',
      uri: '/email/verify/{id}/{hash}',
      access: 'anyone',
      wheres: { id: '\\d{1,10}', hash: '[0-9a-f]{64}' },
    },
    async (request, reply) => {
      // A tampered or expired link is refused with the error page (403).
      const { firstContact } = await emailVerification.verify(request.url, request.user?.id);
      request.session.flash('success', 'ایمیل شما تأیید شد.');
      // A new customer's first verified address: the welcome checklist, as after the mobile sign-up.
      const next = !request.user
        ? 'login'
        : firstContact && request.user.role === 'customer'
          ? 'users.landing'
          : 'users.home';
      return reply.redirect(registry.url(next, {}, false), 302);
    },
  );

  route(
    { name: 'verification.send', method: 'POST', uri: '/email/verification-notification', access: 'user' },
    async (request, reply) => {
      const user = request.user!;
      const limit = await limiter.hit(`verify-mail:user:${user.id}`, VERIFICATION_MAIL_LIMIT.perMinute, 60);
      if (!limit.allowed) {
        request.session.flash('error', 'درخواست‌ها بیش از حد مجاز بوده است؛ یک دقیقه دیگر تلاش کنید.');
        return reply.header('retry-after', String(limit.retryAfter)).back();
      }
      if (user.email && !user.emailVerifiedAt) {
        await emailVerification.send(user);
        request.session.flash('status', 'verification-link-sent');
      }
      return reply.back(registry.url('verification.notice', {}, false));
    },
  );

  // ----- sign out -----
  route({ name: 'logout', method: 'POST', uri: '/logout', access: 'user' }, async (request, reply) => {
    const user = request.user!;
    // As Laravel cycles its remember token: signing out ends "remember me" on every browser.
    await rememberTokens.revokeAllForUser(user.id);
    remember.clear(reply);
    await recordActivity(db, {
      event: 'auth:logout',
      actorId: user.id,
      ...requestContext(request),
    });
    request.session.invalidate();
    return reply.location(registry.url('home', {}, false));
  });
}
