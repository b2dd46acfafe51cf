import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { failKernel, kernelErrors } from '../lib/messages.ts';

export const MSG_BAD_CHARACTER = kernelErrors.BAD_CHARACTER.message;

/** True when a parsed body, query or params value holds a NUL character anywhere (depth-limited walk). */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * Text with a NUL character can be neither stored nor compared by PostgreSQL (it fails with 22021), and no
 * form ever sends one: such requests are refused before validation with a plain Chinese message.
 */
export default fp(async function inputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // The file host answers unusable file names itself, with a plain 404 like any missing file.
    if (request.url.startsWith('/f/')) return;
    if (hasNul(request.query) || hasNul(request.params) || hasNul(request.body)) throw failKernel('BAD_CHARACTER');
  });
});
