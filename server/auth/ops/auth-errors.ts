import { userError } from '../../errors';
import { AUTH_CODES } from '../../../resources/auth/auth.messages';

export const antiSpamRefused = () => userError('Anti-spam verification failed.', AUTH_CODES.antiSpam);
