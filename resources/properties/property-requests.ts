import { z } from 'zod';

/** A reason or note someone writes on a request to staff (issue 25): required, trimmed, at most 1,000 characters. */
export const REQUEST_TEXT_MAX = 1000;
export const REQUEST_TEXT_TOO_LONG = 'Keep it under 1,000 characters';
export const requestText = (required: string) =>
  z.string({ message: required }).trim().min(1, required).max(REQUEST_TEXT_MAX, REQUEST_TEXT_TOO_LONG);
