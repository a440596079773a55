import { userError } from './errors';

/** A page's limit and offset, checked the same way by every list the API offers. */
export function checkPage(limit: number, offset: number, max: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > max)
    throw userError(`limit must be between 1 and ${max}.`, 'BAD_USER_INPUT');
  if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000)
    throw userError('offset must be between 0 and 1000000.', 'BAD_USER_INPUT');
}
