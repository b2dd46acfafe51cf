import fs from 'node:fs';
import path from 'node:path';
import { passwordPolicyProblem } from '@aquamall/shared';

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  if (!common) {
    const text = fs.readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8');
    common = new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.trim().toLowerCase())
        .filter((l) => l && !l.startsWith('#')),
    );
  }
  return common;
}

/**
 * The password rule of docs/product/accounts.md#passwords: the shared policy (`newPasswordField`: 8–20 characters, letters and digits
 * both present, no spaces) plus, on the server only, not a common password. Returns the Chinese message to
 * show, or null when the password is acceptable.
 */
export function passwordProblem(password: string): string | null {
  const policy = passwordPolicyProblem(password);
  if (policy) return policy;
  if (commonPasswords().has(password.toLowerCase())) return '密码过于简单，请换一个更安全的密码';
  return null;
}
