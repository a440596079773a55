import { parse, serialize, type SerializeOptions } from 'cookie';

export const COOKIES = {
  access: 'access_token',
  id: 'id_token',
  refresh: 'refresh_token',
  mfa: 'mfa_session',
  antispam: 'antispam_pass',
  vip: 'enableAllFeatures',
} as const;

export type CookieOptions = { maxAgeSeconds?: number; httpOnly?: boolean };

/** Cookies of one request, and the Set-Cookie lines its response will carry. */
export class RequestCookies {
  private readonly incoming: Record<string, string | undefined>;
  readonly outgoing: string[] = [];
  private readonly overrides = new Map<string, string | null>();

  constructor(
    header: string | null,
    private readonly secure: boolean,
  ) {
    this.incoming = header ? parse(header) : {};
  }

  get(name: string): string | undefined {
    if (this.overrides.has(name)) return this.overrides.get(name) ?? undefined;
    return this.incoming[name];
  }

  set(name: string, value: string, options: CookieOptions = {}): void {
    this.overrides.set(name, value);
    this.outgoing.push(serialize(name, value, this.options(options)));
  }

  clear(name: string, options: CookieOptions = {}): void {
    this.overrides.set(name, null);
    this.outgoing.push(serialize(name, '', { ...this.options(options), maxAge: 0 }));
  }

  private options({ maxAgeSeconds, httpOnly = true }: CookieOptions): SerializeOptions {
    return { path: '/', sameSite: 'strict', secure: this.secure, httpOnly, maxAge: maxAgeSeconds };
  }
}
