/**
 * Guesses at one emailed code (spec §8 'Account Temporarily Locked', §9 lockout retry hint): after
 * this many wrong codes in a row the code is locked for CODE_LOCK_MINUTES, then the same code works
 * again while it is valid. The server's per-account budget caps the guesses over an hour.
 */
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_LOCK_MINUTES = 1;
