import fs from 'node:fs';
import path from 'node:path';
import { PASSWORD_MAX, PASSWORD_MIN } from '@aquamall/shared';

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
 * The password rule of DESIGN §2: 8–20 characters, letters and digits both present, no spaces, not a
 * common password. Returns the Chinese message to show, or null when the password is acceptable.
 */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return `密码长度需为${PASSWORD_MIN}-${PASSWORD_MAX}位`;
  if (/\s/.test(password)) return '密码不能包含空格';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码需同时包含字母和数字';
  if (commonPasswords().has(password.toLowerCase())) return '密码过于简单，请换一个更安全的密码';
  return null;
}
