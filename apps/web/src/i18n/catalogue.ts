import { displayMessage, type Lang, type MessageKey, Messages } from '@ptt/contract';

/** The contract's message catalogue in one language, keyed like the contract, shown as SPEC §8 says. */
export const catalogue = (lang: Lang): Record<MessageKey, string> =>
  Object.fromEntries(
    (Object.keys(Messages) as MessageKey[]).map((key) => [key, displayMessage(Messages[key][lang])]),
  ) as Record<MessageKey, string>;
