import type { FastifyInstance } from 'fastify';
import { failKernel } from '../messages.ts';
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
 * Outside demo mode there is no real partner yet, and a sandbox must not approve real companies (docs/product/deployment.md#partners-and-sandboxes):
 * each call answers a Chinese "not available" message and changes nothing.
 */
function unavailable(service: string): never {
  throw failKernel('PARTNER_UNAVAILABLE', { service });
}
const off: Partners = {
  realName: { name: 'none', sandbox: false, verify: async () => unavailable('企业实名认证') },
  esign: {
    name: 'none',
    sandbox: false,
    signServiceAgreement: async () => unavailable('电子签约'),
    openFlow: async () => unavailable('电子签约'),
    seal: async () => unavailable('电子签约'),
  },
  bank: { name: 'none', sandbox: false, sendDeposit: async () => unavailable('对公账户打款验证') },
};

/**
 * The partner adapters of an app. Only sandboxes exist today (no real partner contract yet), and only in demo
 * mode; a real adapter implements the same interface and is chosen here from the environment (PARTNER_REALNAME,
 * PARTNER_ESIGN, PARTNER_BANK). PARTNER_SANDBOX_FAIL_PATTERN sets the names the real-name sandbox refuses.
 */
export function partnersOf(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): Partners {
  let p = cache.get(app);
  if (!p) {
    p = app.config.demo
      ? {
          realName: new SandboxRealNameVerifier(env.PARTNER_SANDBOX_FAIL_PATTERN || undefined),
          esign: new SandboxContractSigner(),
          bank: new SandboxSmallDeposit(),
        }
      : off;
    cache.set(app, p);
  }
  return p;
}
