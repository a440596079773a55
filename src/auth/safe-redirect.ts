/** Only same-site paths are followed after sign-in; anything else goes home. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/^\/(sign-in|mfa-code|sign-out|users\/sign_in)\b/.test(value)) return '/';
  return value;
}
