import crypto from 'node:crypto';

export interface BankAccountInfo {
  accountName: string;
  bankName: string;
  accountNo: string;
}

/** Small-deposit bank account verification (打款验证): the partner pays a random amount below 1 yuan. */
export interface SmallDepositProvider {
  readonly name: string;
  readonly sandbox: boolean;
  /** Sends the deposit; answers the amount in fen (1–99) and a reference. */
  sendDeposit(account: BankAccountInfo): Promise<{ amountFen: number; ref: string }>;
}

/** Offline sandbox: "pays" a random amount; the caller shows it in the dev outbox and the console. */
export class SandboxSmallDeposit implements SmallDepositProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  async sendDeposit(): Promise<{ amountFen: number; ref: string }> {
    return { amountFen: crypto.randomInt(1, 100), ref: `SBX-BK-${crypto.randomBytes(6).toString('hex')}` };
  }
}
