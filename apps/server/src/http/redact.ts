/** Query keys whose values never reach a log line. */
const secretKeys = [
  'access_token',
  'device_token',
  'password',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'appSecret',
  'appsecret',
  'cardPwd',
  'confirmCardPwd',
  'payPwd',
  'code',
  'token',
];
const pattern = new RegExp(`([?&](?:${secretKeys.join('|')})=)[^&#]*`, 'gi');

export const redactUrl = (url: string): string => url.replace(pattern, '$1[redacted]');
