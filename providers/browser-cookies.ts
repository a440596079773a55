/** Cookies the page itself may read and write (the id token while new-auth is off, and mfa_state). */
export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; '))
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  return null;
}

export function writeSessionCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Strict${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
}
