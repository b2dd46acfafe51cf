import { newPasswordField, PASSWORD_HINT } from '@aquamall/shared/contracts/identity';
import { zodRule } from '../../../lib/form-rules.ts';

/** The one password policy (shared with the server), for every form that sets a password. */
export const PASSWORD_RULES = [zodRule(newPasswordField)];
export { PASSWORD_HINT };
