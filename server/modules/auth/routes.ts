import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  completeProfileBody,
  forgotPasswordBody,
  loginBody,
  messageReply,
  OTP_PURPOSES,
  resendOtpBody,
  resetPasswordBody,
  signupBody,
  userReply,
  verifyOtpBody,
} from '../../../common/schemas/auth';
import type { AppContext } from '../../context';
import { clearSessionCookie, endSession, startSession } from '../sessions/store';
import { presentSessionUser } from '../users/present';
import { sessionUserById } from '../users/service';
import * as auth from './service';

const verifyReply = z.object({ message: z.string(), purpose: z.enum(OTP_PURPOSES) });

export function authRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const everyone = { access: 'public' } as const;
    const signedIn = { access: 'signedIn' } as const;

    r.post(
      '/auth/signup',
      { config: everyone, schema: { body: signupBody, response: { 200: messageReply } } },
      async (req) => {
        await auth.signup(ctx, req.body.email, req.ip);
        return { message: 'Verification code sent. Please check your email.' };
      },
    );

    r.post(
      '/auth/verify-otp',
      {
        config: everyone,
        schema: {
          body: verifyOtpBody.extend({ purpose: z.enum(OTP_PURPOSES).optional() }),
          response: { 200: verifyReply },
        },
      },
      async (req) => {
        const purpose = await auth.verifyOtp(ctx, req.body.email, req.body.otp, req.ip, req.body.purpose);
        return { message: 'Code verified successfully', purpose };
      },
    );

    r.post(
      '/auth/resend-otp',
      { config: everyone, schema: { body: resendOtpBody, response: { 200: messageReply } } },
      async (req) => {
        await auth.resendCode(ctx, req.body.email, req.body.purpose, req.ip);
        return { message: 'A new verification code has been sent. Please check your email.' };
      },
    );

    r.post(
      '/auth/otp-forgot-password',
      { config: everyone, schema: { body: forgotPasswordBody, response: { 200: messageReply } } },
      async (req) => {
        await auth.resendCode(ctx, req.body.email, 'password-reset', req.ip);
        return { message: 'If an account exists for this email, a reset code has been sent.' };
      },
    );

    r.post(
      '/auth/reset-password',
      { config: everyone, schema: { body: resetPasswordBody, response: { 200: messageReply } } },
      async (req) => {
        await auth.resetPassword(ctx, req.body, req.ip);
        return { message: 'Password reset successful' };
      },
    );

    r.post(
      '/auth/login',
      { config: everyone, schema: { body: loginBody, response: { 200: userReply } } },
      async (req, reply) => {
        const user = await auth.login(ctx, req.body, req.ip);
        await startSession(ctx, reply, req, user.id, req.body.rememberMe);
        return { message: 'Login successful', user: await sessionUserById(ctx.db, user.id) };
      },
    );

    r.get('/auth/me', { config: signedIn, schema: { response: { 200: userReply } } }, async (req) => {
      const user = req.user!;
      return { user: presentSessionUser(user, user.profile) };
    });

    r.post('/auth/logout', { config: signedIn, schema: { response: { 200: messageReply } } }, async (req, reply) => {
      await endSession(ctx, req.user!);
      clearSessionCookie(reply);
      return { message: 'Logged out' };
    });

    r.post(
      '/auth/change-password',
      { config: signedIn, schema: { body: changePasswordBody, response: { 200: messageReply } } },
      async (req, reply) => {
        await auth.changePassword(ctx, req.user!, req.body);
        clearSessionCookie(reply);
        return { message: 'Password changed successfully. Please sign in again.' };
      },
    );

    r.post(
      '/users/complete-profile',
      { config: everyone, schema: { body: completeProfileBody, response: { 200: userReply } } },
      async (req, reply) => {
        const userId = await auth.completeProfile(ctx, req.body, req.ip);
        await startSession(ctx, reply, req, userId, false);
        return { message: 'Profile completed successfully', user: await sessionUserById(ctx.db, userId) };
      },
    );
  };
}
