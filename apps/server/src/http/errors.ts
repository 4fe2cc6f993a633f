import { Code, type MessageKey } from '@ptt/contract';

/** A failure the caller should see: a code of the contract table and a catalogue message. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

export const invalid = (key: MessageKey, data?: unknown) => new AppError(Code.invalid, key, data);
export const forbidden = () => new AppError(Code.forbidden, 'forbidden');
/** Out of scope answers like not found, so ids of other tenants are not disclosed. */
export const notFound = (key: MessageKey = 'notFound') => new AppError(Code.notFound, key);
export const conflict = (key: MessageKey, data?: unknown) => new AppError(Code.conflict, key, data);
/** A device call for a paid function the terminal has not activated (or that has expired). */
const inactiveKey = {
  location: 'locationInactive',
  sos: 'sosInactive',
  recording: 'recordingInactive',
} as const satisfies Record<string, MessageKey>;
export const functionInactive = (fn: keyof typeof inactiveKey) =>
  new AppError(Code.functionInactive, inactiveKey[fn], { function: fn });
export const ruleBroken = (key: MessageKey, data?: unknown) => new AppError(Code.rule, key, data);
export const unauthorized = () => new AppError(Code.unauthorized, 'sessionExpired');
export const tooMany = (key: MessageKey = 'tooManyAttempts') => new AppError(Code.tooMany, key);
