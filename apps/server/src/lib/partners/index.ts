import type { FastifyInstance } from 'fastify';
import { SandboxSmallDeposit, type SmallDepositProvider } from './bank.ts';
import { SandboxContractSigner, type ContractSigner } from './esign.ts';
import { SandboxRealNameVerifier, type RealNameVerifier } from './realname.ts';

export interface Partners {
  realName: RealNameVerifier;
  esign: ContractSigner;
  bank: SmallDepositProvider;
}

const cache = new WeakMap<FastifyInstance, Partners>();

/**
 * The partner adapters of an app. Only sandboxes exist today (no real partner contract yet); a real adapter
 * implements the same interface and is chosen here from the environment (PARTNER_REALNAME, PARTNER_ESIGN,
 * PARTNER_BANK). PARTNER_SANDBOX_FAIL_PATTERN sets the names the real-name sandbox refuses.
 */
export function partnersOf(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): Partners {
  let p = cache.get(app);
  if (!p) {
    p = {
      realName: new SandboxRealNameVerifier(env.PARTNER_SANDBOX_FAIL_PATTERN || undefined),
      esign: new SandboxContractSigner(),
      bank: new SandboxSmallDeposit(),
    };
    cache.set(app, p);
  }
  return p;
}
