import type { Config } from '../config';

export interface BankDetails {
  holder: string;
  iban: string;
  bic: string;
}

/**
 * Where a bank transfer goes: BANK_HOLDER, BANK_IBAN and BANK_BIC (server/config.ts; the defaults are the
 * demo shop's, not a real account). The order number is the transfer's reference.
 */
export function bankTransferDetails(config: Pick<Config, 'BANK_HOLDER' | 'BANK_IBAN' | 'BANK_BIC'>): BankDetails {
  return { holder: config.BANK_HOLDER, iban: config.BANK_IBAN, bic: config.BANK_BIC };
}
