import { loadArgon2 } from './lazy.ts';

// argon2id with OWASP's suggested minimum (19 MiB, 2 passes). Algorithm 2 = Argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(plain: string): Promise<string> {
  return (await loadArgon2()).hash(plain, OPTIONS);
}

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  const argon2 = await loadArgon2(); // a broken install fails loudly, not as a wrong password
  try {
    return await argon2.verify(hashed, plain);
  } catch {
    return false;
  }
}
