import { userError } from '../../errors';
import { AUTH_CODES } from '../../../resources/auth/auth.messages';
import { GENERIC_MESSAGES } from '../../../resources/messages';

export const antiSpamRefused = () => userError('Anti-spam verification failed.', AUTH_CODES.antiSpam);

/** The code could not be mailed: the spec's generic error, which the portal shows as is. */
export const mailUnavailable = () => userError(GENERIC_MESSAGES.somethingWentWrong, 'MAIL_UNAVAILABLE');
