// This module's page contracts: the PageContracts entries render() checks these pages against.

import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { fieldError, requestContext, seeOther } from '../../http/route-helpers';
import {
  MOBILE_VERIFIED_SECONDS,
  type MobileAuthState,
  type PendingTwoFactor,
  SESSION_KEYS,
} from '../../http/session-keys';
import { maskMobile } from '../../lib/mobile';
import { recordActivity } from '../activity';
import { requireHuman } from '../botcheck';
import { updateUser } from '../users';
import type {} from './contracts';
import { leaveTo, startSession } from './sign-in';
import { queueSignupAttemptNotice } from './signup-attempts';
import type { SendCodeOutcome } from './sms-codes';
import { mobileSigninSchema, mobileSignupSchema, mobileVerifySchema } from './validators';

interface MobileVerified {
  mobile: string;
  at: number;
  /** Carried over from Users/Auth/Signin, for the account made on Signup. */
  remember?: boolean;
}

/**
 * Users/Auth/*: sign in or sign up with a mobile number and an SMS code (docs/screens.md §2). Every
 * number gets a code, known or not, so the form never tells whether an account exists; what
 * happens after a correct code depends on it: a known number signs in, a new one goes on to Signup.
 */
export async function mobileAuthRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { accounts, smsCodes, emailVerification, remember } = app.services;
  const db = app.services.db;

  const pendingOf = (request: FastifyRequest) =>
    request.session.get<MobileAuthState>(SESSION_KEYS.mobileAuth);

  /** Sends (or finds already sent) a code; a limit is a field error, a recent code is fine. */
  const sendCode = async (request: FastifyRequest, state: MobileAuthState): Promise<SendCodeOutcome> => {
    const outcome = await smsCodes.send({ mobile: state.mobile, purpose: state.purpose, ip: request.ip });
    if (outcome.status === 'rate_limited') fieldError('mobile', outcome.message);
    request.session.set(SESSION_KEYS.mobileAuth, state);
    request.session.flash(outcome.status === 'sent' ? 'success' : 'warning', outcome.message);
    return outcome;
  };

  /**
   * A known account after a correct code: the second factor if on, else signed in. `rememberMe`
   * (ticked on Signin) works as on the e-mail login: with 2FA the cookie waits for the challenge.
   */
  const signInKnown = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    rememberMe: boolean,
  ) => {
    const user = await accounts.findById(userId);
    if (!user) return seeOther(reply, registry, 'users.auth.signin');
    // The code proved the number: a number that was on file unverified is verified now.
    if (!user.mobileVerifiedAt) {
      await updateUser(db, user.id, { mobileVerifiedAt: new Date() });
    }
    request.session.forget(SESSION_KEYS.mobileAuth);
    if (user.twoFactorConfirmedAt) {
      request.session.regenerate();
      request.session.set(SESSION_KEYS.pendingTwoFactor, {
        userId: user.id,
        via: 'mobile',
        ...(rememberMe ? { remember: true } : {}),
      } satisfies PendingTwoFactor);
      return seeOther(reply, registry, 'two-factor.login');
    }
    startSession(request, user, false);
    if (rememberMe) await remember.remember(request, reply, user);
    await recordActivity(db, {
      event: 'auth:login',
      actorId: user.id,
      properties: { via: 'mobile' },
      ...requestContext(request),
    });
    return leaveTo(request, reply, registry, 'users.home');
  };

  const createAndSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: { name: string; mobile: string; email?: string | null | undefined },
    rememberMe: boolean,
  ) => {
    // The number is proven, the e-mail is not: an address that is someone's account is left out
    // (its owner is mailed) rather than named on the page, which would tell anyone it exists.
    const emailTaken = input.email ? (await accounts.findByEmail(input.email)) !== null : false;
    if (emailTaken) await queueSignupAttemptNotice(db, input.email!);
    const user = await accounts.createFromVerifiedMobile(
      { name: input.name, mobile: input.mobile, email: emailTaken ? undefined : (input.email ?? undefined) },
      requestContext(request),
    );
    if (emailTaken) {
      request.session.flash(
        'warning',
        'ایمیلی که وارد کردید به حساب افزوده نشد؛ از صفحه پروفایل می‌توانید نشانی ایمیل را وارد و تأیید کنید.',
      );
    }
    startSession(request, user, false);
    if (rememberMe) await remember.remember(request, reply, user);
    await recordActivity(db, {
      event: 'auth:login',
      actorId: user.id,
      properties: { via: 'mobile_signup' },
      ...requestContext(request),
    });
    if (user.email) {
      await emailVerification
        .send(user)
        .catch((error) => request.log.error({ err: error }, 'verification mail'));
    }
    return reply.location(registry.url('users.landing', {}, false));
  };

  route(
    { name: 'users.auth.signin', method: 'GET', uri: '/auth/signin', access: 'guest' },
    (request, reply) => {
      // Back from Verify («تغییر شماره»): the form shows what was typed and ticked.
      const pending = pendingOf(request);
      return render(reply, 'Users/Auth/Signin', {
        mobile: pending?.mobile ?? '',
        remember: pending?.remember === true,
      });
    },
  );

  route(
    { name: 'users.auth.signin.store', method: 'POST', uri: '/auth/signin', access: 'guest' },
    async (request, reply) => {
      await requireHuman(request, 'signin');
      const { mobile, remember: rememberMe } = await request.validate(mobileSigninSchema);
      await sendCode(request, { mobile, purpose: 'signin', ...(rememberMe ? { remember: true } : {}) });
      return seeOther(reply, registry, 'users.auth.verify');
    },
  );

  route(
    { name: 'users.auth.verify', method: 'GET', uri: '/auth/verify', access: 'guest' },
    async (request, reply) => {
      const pending = pendingOf(request);
      if (!pending) return seeOther(reply, registry, 'users.auth.signin');
      const state = await smsCodes.state(pending.mobile, pending.purpose);
      return render(reply, 'Users/Auth/Verify', {
        mobile_masked: maskMobile(pending.mobile),
        expires_in: state?.expiresIn ?? 0,
        resend_in: state?.resendIn ?? 0,
        purpose: pending.purpose,
      });
    },
  );

  route(
    { name: 'users.auth.verify.store', method: 'POST', uri: '/auth/verify', access: 'guest' },
    async (request, reply) => {
      const pending = pendingOf(request);
      if (!pending) return seeOther(reply, registry, 'users.auth.signin');
      const { code } = await request.validate(mobileVerifySchema);
      const outcome = await smsCodes.verify({ mobile: pending.mobile, purpose: pending.purpose, code });
      if (outcome.status !== 'valid') {
        await recordActivity(db, {
          event: 'auth:failed',
          properties: { step: 'sms_code', mobile: maskMobile(pending.mobile) },
          ...requestContext(request),
        });
        fieldError('code', outcome.message);
      }
      const rememberMe = pending.remember === true;
      const known = await accounts.findByMobile(pending.mobile);
      if (known) return signInKnown(request, reply, known.id, rememberMe);
      if (pending.purpose === 'signup' && pending.name) {
        request.session.forget(SESSION_KEYS.mobileAuth);
        return createAndSignIn(
          request,
          reply,
          { name: pending.name, mobile: pending.mobile, email: pending.email },
          rememberMe,
        );
      }
      // A new number: proven now, so Signup shows it locked and needs no second code.
      request.session.forget(SESSION_KEYS.mobileAuth);
      request.session.set(SESSION_KEYS.mobileVerified, {
        mobile: pending.mobile,
        at: Date.now(),
        ...(rememberMe ? { remember: true } : {}),
      } satisfies MobileVerified);
      return seeOther(reply, registry, 'users.auth.signup');
    },
  );

  route(
    { name: 'users.auth.resend', method: 'POST', uri: '/auth/resend', access: 'guest' },
    async (request, reply) => {
      const pending = pendingOf(request);
      if (!pending) return seeOther(reply, registry, 'users.auth.signin');
      const outcome = await smsCodes.send({
        mobile: pending.mobile,
        purpose: pending.purpose,
        ip: request.ip,
      });
      if (outcome.status !== 'sent') fieldError('code', outcome.message);
      request.session.flash('success', outcome.message);
      return seeOther(reply, registry, 'users.auth.verify');
    },
  );

  const verifiedMobile = (request: FastifyRequest): MobileVerified | null => {
    const verified = request.session.get<MobileVerified>(SESSION_KEYS.mobileVerified);
    return verified && Date.now() - verified.at < MOBILE_VERIFIED_SECONDS * 1000 ? verified : null;
  };

  route(
    { name: 'users.auth.signup', method: 'GET', uri: '/auth/signup', access: 'guest' },
    (request, reply) => {
      const mobile = verifiedMobile(request)?.mobile ?? null;
      const ref = (request.query as { ref?: unknown }).ref;
      return render(reply, 'Users/Auth/Signup', {
        mobile: mobile ?? '',
        mobile_verified: mobile !== null,
        referral_code: typeof ref === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(ref) ? ref : null,
      });
    },
  );

  route(
    { name: 'users.auth.signup.store', method: 'POST', uri: '/auth/signup', access: 'guest' },
    async (request, reply) => {
      await requireHuman(request, 'signup');
      const input = await request.validate(mobileSignupSchema);
      const verified = verifiedMobile(request);
      if (verified?.mobile === input.mobile) {
        request.session.forget(SESSION_KEYS.mobileVerified);
        const rememberMe = verified.remember === true;
        // Someone may have signed up with the number meanwhile: then it is a sign-in.
        const known = await accounts.findByMobile(input.mobile);
        if (known) return signInKnown(request, reply, known.id, rememberMe);
        return createAndSignIn(request, reply, input, rememberMe);
      }
      // Not proven in this session: a code first; the account is made after it (verify.store).
      await sendCode(request, {
        mobile: input.mobile,
        purpose: 'signup',
        name: input.name,
        email: input.email ?? null,
      });
      return seeOther(reply, registry, 'users.auth.verify');
    },
  );
}
