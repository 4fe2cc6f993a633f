import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
export const newToken = () => randomBytes(32).toString('base64url');
export const newOpenid = () => randomBytes(16).toString('hex');
export const randomDigits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** argon2id with the library's defaults (19 MiB, 2 passes). */
export const hashPassword = (plain: string) => hash(plain);

/** The stored fields of a new sign-in account (an agent's or a company's): the password hashed, a new openid. */
export const newAccount = async (input: {
  name: string;
  contact?: string;
  account: string;
  password: string;
  phone?: string;
}) => ({
  name: input.name,
  contact: input.contact ?? '',
  account: input.account,
  passwordHash: await hashPassword(input.password),
  openid: newOpenid(),
  phone: input.phone ?? '',
});
/**
 * argon2id with 1 MiB and 2 passes, for the 6-digit intercom passwords of terminals: a secret that short
 * is protected by the SSID lockout and the database's secrecy, not by the cost of one guess, and a batch of
 * 100 terminals must not spend seconds hashing (docs/decisions.md). `verifyPassword` reads either kind.
 */
export const hashDeviceSecret = (plain: string) => hash(plain, { memoryCost: 1024, timeCost: 2 });
export const verifyPassword = async (stored: string, plain: string) => {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
};
