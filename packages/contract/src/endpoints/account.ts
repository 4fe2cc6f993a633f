import { z } from 'zod';
import { Limits } from '../constants.ts';
import { Languages } from '../enums.ts';
import { once } from '../lazy.ts';
import {
  cardPwd,
  cardPwdPair,
  digits,
  enteredCode,
  feedbackContact,
  feedbackContent,
  mobile,
  passwordPair,
} from '../rules.ts';
import { count, endpoint } from './define.ts';

/**
 * What an SMS code is for. resetPwd: a forgotten password (no session; the code goes to the phone stored
 * on the account). payPwd: set the service card password (an agent's session; its stored phone).
 * bindPhone: prove a new mobile number before profile/mobile stores it (a session; the new number).
 */
export const SmsPurposes = ['resetPwd', 'payPwd', 'bindPhone'] as const;
export type SmsPurpose = (typeof SmsPurposes)[number];

const role = once(() => digits('invalidParams').pipe(z.union([z.literal(0), z.literal(1)])));
const accountName = once(() =>
  z.string({ error: 'account' }).trim().min(1, 'account').max(Limits.loginFieldMax, 'account'),
);

const targetShape = once(() => ({
  purpose: z.enum(SmsPurposes, { error: 'invalidParams' }),
  phone: mobile().optional(),
  role: role().optional(),
  account: accountName().optional(),
}));

interface TargetInput {
  purpose: SmsPurpose;
  phone?: string;
  role?: 0 | 1;
  account?: string;
}

/** resetPwd names the account (role + account); a code sent to or checked for a phone needs the phone. */
const requireTarget = (phoneFor: SmsPurpose[]) => (v: TargetInput, ctx: z.RefinementCtx) => {
  if (v.purpose === 'resetPwd' && v.role === undefined)
    ctx.addIssue({ code: 'custom', message: 'invalidParams', path: ['role'] });
  if (v.purpose === 'resetPwd' && v.account === undefined)
    ctx.addIssue({ code: 'custom', message: 'account', path: ['account'] });
  if (phoneFor.includes(v.purpose) && v.phone === undefined)
    ctx.addIssue({ code: 'custom', message: 'mobile', path: ['phone'] });
};

export const smsSent = once(() =>
  z.object({
    /** Where the code went, masked (e.g. 852****4567). */
    phone: z.string(),
    expires_in: count(),
    resend_in: count(),
  }),
);

export const jsp = {
  sendSms: endpoint({
    method: 'GET',
    path: '/v1/jsp/sendSms',
    access: 'public',
    summary:
      'Send a 4-digit code. resetPwd: role, account and the phone stored on the account (the answer is the ' +
      'same whether or not they match); payPwd: signed-in agent, its stored phone; bindPhone: signed in, ' +
      'the new phone. One per phone per minute, ten a day.',
    params: () =>
      z
        .object({ ...targetShape(), lang: z.enum(Languages, { error: 'invalidParams' }).default('en') })
        .superRefine(requireTarget(['resetPwd', 'bindPhone'])),
    data: smsSent,
  }),
  verificationCode: endpoint({
    method: 'GET',
    path: '/v1/jsp/verificationCode',
    access: 'public',
    summary:
      'Check a code without spending it (a wrong one spends a try); the call that acts on it spends it. ' +
      'Same selectors as sendSms.',
    params: () =>
      z.object({ ...targetShape(), code: enteredCode() }).superRefine(requireTarget(['bindPhone'])),
    data: () => z.null(),
  }),
  updateCardPwd: endpoint({
    method: 'GET',
    path: '/v1/jsp/updateCardPwd',
    access: 'agent',
    audit: { target: 'self' },
    summary: 'Set or change the 6-digit service card password with a payPwd code sent to the stored phone',
    params: () => cardPwdPair().safeExtend({ code: enteredCode() }),
    data: () => z.null(),
  }),
  checkPwd: endpoint({
    method: 'GET',
    path: '/v1/jsp/checkPwd',
    access: 'agent',
    summary: 'Check the service card password (five wrong tries lock it for 15 minutes)',
    params: () =>
      z.object({
        payPwd: z.string({ error: 'payPwdRequired' }).trim().min(1, 'payPwdRequired').pipe(cardPwd()),
      }),
    data: () => z.null(),
  }),
  setPhoneAndPwd: endpoint({
    method: 'GET',
    path: '/v1/jsp/setPhoneAndPwd',
    access: 'public',
    summary:
      'Forgotten password: a resetPwd code and the new password twice; every session of the account ends',
    params: () => passwordPair().safeExtend({ role: role(), account: accountName(), code: enteredCode() }),
    data: () => z.null(),
  }),
};

export const feedback = {
  send: endpoint({
    method: 'POST',
    path: '/v1/feedback/send',
    access: 'any',
    audit: { target: 'feedback' },
    summary: 'Send feedback to the operator (content up to 500 characters, contact optional)',
    params: () =>
      z.object({
        content: feedbackContent(),
        contact: z.preprocess((v) => (v === '' ? undefined : v), feedbackContact().optional()),
      }),
    data: () => z.object({ id: z.number() }),
  }),
};
