import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Signs in through the real API (password, then the emailed code from the outbox) and returns the Cookie header. */
export async function signIn(base: string, outbox: string, email: string, password = 'Extranet#2026'): Promise<string> {
  const jar = new Map<string, string>();
  const post = async (query: string, variables: Record<string, unknown>) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-correlation-id': `bench-${Date.now()}`,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify({ query, variables }),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res.json();
  };
  const before = mails(outbox, email).length;
  const login = await post(
    'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { success challengeName } }',
    { u: b64(email), p: b64(password) },
  );
  if (!login.data?.login?.success) throw new Error(`bench sign-in failed for ${email}: ${JSON.stringify(login)}`);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const list = mails(outbox, email);
    if (list.length > before) code = /verification code is (\d{6})/.exec(list.at(-1)!)?.[1];
    else await new Promise((r) => setTimeout(r, 50));
  }
  const mfa = await post(
    'mutation ($c: String!, $u: String!) { mfaCode(otpCode: $c, challengeName: "EMAIL_OTP", username: $u) { success } }',
    { c: code, u: b64(email) },
  );
  if (!mfa.data?.mfaCode?.success) throw new Error(`bench code failed for ${email}: ${JSON.stringify(mfa)}`);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

function mails(dir: string, email: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((m) => m.includes(`To: ${email}`));
}

/** One GraphQL call of a bench section as a signed-in user: its data, or an error naming the section (a bench never counts a failed answer). */
export async function benchGql(
  base: string,
  cookie: string,
  section: string,
  query: string,
  variables: Record<string, unknown>,
) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-correlation-id': `bench-${section}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (!res.ok || body.errors) throw new Error(`${section} bench: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}
