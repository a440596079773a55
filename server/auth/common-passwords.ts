import { dictionary } from '@zxcvbn-ts/language-common';

/** ~49,000 passwords most often seen in breaches (zxcvbn's list), bundled, no network. */
const COMMON = new Set<string>(dictionary['passwords-common'] as string[]);

const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};

/**
 * True when the password, or its core once case, trailing digits/symbols and common letter
 * substitutions are undone, is a well-known password: 'P@ssw0rd1!' and 'Sunshine2024!' both are.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const core = lower.replace(/[^a-z]+$/, '');
  const unleet = [...lower].map((c) => LEET[c] ?? c).join('');
  const unleetCore = [...core]
    .map((c) => LEET[c] ?? c)
    .join('')
    .replace(/[^a-z]+$/, '');
  return [lower, core, unleet, unleetCore].some((candidate) => candidate.length >= 4 && COMMON.has(candidate));
}
