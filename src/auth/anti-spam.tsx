import type { Configuration, WidgetMethods } from 'altcha/types';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { AUTH_CODES } from '../../resources/auth/auth.messages';
import { afterFirstPaint } from '../lib/after-first-paint';

export type AntiSpamAction = 'login' | 'forgot_password' | 'reset_password' | 'mfa_code';
export type AntiSpamHandle = { pass(): Promise<void> };

/**
 * For every form that holds the widget: the widget's hidden checkbox is `required` and invalid
 * while it verifies, so the browser's own validation would swallow a submit made then (issue 17).
 * Our fields validate themselves, and pass() waits for the proof, so the browser's check is off.
 */
export const ANTI_SPAM_FORM_PROPS = { noValidate: true } as const;

type Provider = { provider: 'altcha' | 'off' } | { provider: 'recaptcha'; siteKey: string };
type Widget = HTMLElement & Pick<WidgetMethods, 'verify' | 'reset' | 'getState'>;
/** The widget sits inside our own form: no footer of its own. */
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true } satisfies Partial<Configuration>);

/** Spec §9: the anti-spam script and its readiness are each waited for 5 seconds. */
const SCRIPT_WAIT_MS = 5000;
const READY_WAIT_MS = 5000;

let providerPromise: Promise<Provider> | undefined;
const loadProvider = () =>
  (providerPromise ??= fetch('/antispam/config')
    .then((r) => r.json() as Promise<Provider>)
    .catch(() => ({ provider: 'altcha' as const })));

const timeout = <T,>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('anti-spam timeout')), ms))]);

/** A proof that could not be had; pass() answers it as the server's refusal would be. */
const refused = () => new Error('anti-spam refused');

/**
 * The bot check in front of sign-in, reset and code calls. `pass()` obtains a fresh proof and
 * exchanges it with ValidateToken for a one-time pass for this action; it throws when refused.
 */
export const AntiSpam = forwardRef<AntiSpamHandle, { action: AntiSpamAction }>(function AntiSpam({ action }, ref) {
  const [provider, setProvider] = useState<Provider | null>(null);
  const [ready, setReady] = useState(false);
  const widget = useRef<Widget>(null);
  const payload = useRef<string | null>(null);
  const waiters = useRef<((p: string | null) => void)[]>([]);

  // Asked once the form is on screen: pass() asks itself when a submit comes first.
  useEffect(() => afterFirstPaint(() => void loadProvider().then(setProvider)), []);

  useEffect(() => {
    if (provider?.provider !== 'altcha') return;
    timeout(import('altcha'), SCRIPT_WAIT_MS).then(
      () => setReady(true),
      () => setReady(false),
    );
  }, [provider]);

  useEffect(() => {
    const el = widget.current;
    if (!el || !ready) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail.state === 'verified' && detail.payload) payload.current = detail.payload;
      if (detail.state === 'verified' || detail.state === 'error') {
        for (const w of waiters.current.splice(0)) w(detail.state === 'verified' ? (detail.payload ?? null) : null);
      }
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [ready]);

  async function altchaProof(): Promise<string> {
    const el = widget.current;
    if (!el) throw refused();
    if (!payload.current) {
      const proof = new Promise<string | null>((resolve) => waiters.current.push(resolve));
      if (el.getState() !== 'verifying') el.verify();
      payload.current = await timeout(proof, READY_WAIT_MS * 3).catch(() => null);
    }
    const proof = payload.current;
    payload.current = null;
    // Every proof is good once: start on the next one straight away.
    el.reset();
    el.verify();
    if (!proof) throw refused();
    return proof;
  }

  useImperativeHandle(ref, () => ({
    async pass() {
      const p = provider ?? (await loadProvider());
      if (p.provider === 'off') return;
      // The transport and the documents load with the first check, not with the form (sign-in draws first).
      const [{ GqlError, gqlRequest }, { AUTH_DOCS }] = await Promise.all([
        import('../../providers/graphql-request'),
        import('../../resources/auth/auth.documents'),
      ]);
      const refusal = () => new GqlError(AUTH_CODES.antiSpam, 'Anti-spam verification failed.');
      const token = await (p.provider === 'recaptcha' ? recaptchaToken(p.siteKey, action) : altchaProof()).catch(() => {
        throw refusal();
      });
      const { validateToken } = await gqlRequest<{ validateToken: { success: boolean } }>(AUTH_DOCS.validateToken, {
        token,
      });
      if (!validateToken.success) throw refusal();
    },
  }));

  if (provider?.provider !== 'altcha' || !ready) return null;
  return (
    <altcha-widget
      ref={widget}
      challenge={`/antispam/challenge?action=${action}`}
      auto="onload"
      configuration={WIDGET_CONFIGURATION}
      style={{ '--altcha-max-width': '100%' } as React.CSSProperties}
    />
  );
});

type Grecaptcha = { ready(cb: () => void): void; execute(key: string, opts: { action: string }): Promise<string> };

async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  const w = window as unknown as { grecaptcha?: Grecaptcha };
  if (!w.grecaptcha) {
    await timeout(
      new Promise<void>((resolve, reject) => {
        const s = document.createElement('script');
        s.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
        s.onload = () => resolve();
        s.onerror = () => reject(new Error('recaptcha'));
        document.head.append(s);
      }),
      SCRIPT_WAIT_MS,
    ).catch(() => {
      throw refused();
    });
  }
  const g = w.grecaptcha;
  if (!g) throw refused();
  await timeout(new Promise<void>((resolve) => g.ready(resolve)), READY_WAIT_MS).catch(() => {
    throw refused();
  });
  return g.execute(siteKey, { action });
}
