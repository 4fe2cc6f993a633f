import { Limits, type MessageKey, rules } from '@ptt/contract';

/** How an SSID reached the list: read from a QR code (camera or photo) or typed in. */
export type ScanSource = 'scan' | 'type';

export interface AddResult {
  list: string[];
  /** The catalogue key of the refusal, when the SSID was not added. */
  error?: MessageKey;
  added?: string;
}

const ssidPattern = /^\d{15}$/;

/**
 * The SSID in a QR code's text. Terminal labels carry the bare 15 digits or a labelled form such as
 * 'IMEI:359…' or 'SSID=359…'; a text without digits is no terminal code at all ('QR code is wrong'),
 * digits of another length are a misread or a wrong label (the 'scan again' message).
 */
export const ssidFromQr = (text: string): { ssid?: string; error?: MessageKey } => {
  const trimmed = text.trim();
  if (ssidPattern.test(trimmed)) return { ssid: trimmed };
  const runs = trimmed.match(/\d+/g) ?? [];
  if (runs.length === 0) return { error: 'qrWrong' };
  const fifteen = runs.filter((run) => run.length === Limits.ssidLength);
  if (fifteen.length === 1 && fifteen[0]) return { ssid: fifteen[0] };
  return { error: 'ssidScanWrong' };
};

/**
 * The SSIDs of a typed or pasted text: a column or a row of them, apart by spaces, commas or line
 * breaks (full-width ones too, as Chinese input methods type them), full-width digits read as digits.
 */
export const ssidsOfText = (text: string): string[] =>
  rules
    .halfWidth(text)
    .split(/[\s,;、；]+/)
    .filter((s) => s !== '');

/** Adds one scanned or typed SSID to the list under SPEC §5/§8: valid, not repeated, at most 100. */
export const addToScanList = (list: string[], raw: string, source: ScanSource): AddResult => {
  let ssid: string;
  if (source === 'scan') {
    const read = ssidFromQr(raw);
    if (!read.ssid) return { list, error: read.error };
    ssid = read.ssid;
  } else {
    // Spaces around it are dropped, not refused; a 16th digit is refused, never cut off.
    ssid = rules.halfWidth(raw).trim();
    if (!ssidPattern.test(ssid)) return { list, error: 'ssid' };
  }
  if (list.includes(ssid)) {
    return { list, error: source === 'scan' ? 'doNotScanRepeatedly' : 'doNotAddRepeatedly' };
  }
  if (list.length >= Limits.scanAddMax) return { list, error: 'scanMax' };
  return { list: [...list, ssid], added: ssid };
};
