export { accountField, captchaFields, codeField, emailField, passwordInput, phoneField, rememberField } from '@aquamall/shared';

export { clientInfo } from '../../lib/client-info.ts';
