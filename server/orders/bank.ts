/**
 * Where a bank transfer goes. Set BANK_HOLDER, BANK_IBAN and BANK_BIC in the environment; the defaults
 * are the demo shop's (not a real account). The order number is the transfer's reference.
 */
export function bankTransferDetails(env: NodeJS.ProcessEnv = process.env): { holder: string; iban: string; bic: string } {
  return {
    holder: env.BANK_HOLDER ?? 'Storefront Demo SAS',
    iban: env.BANK_IBAN ?? 'FR76 3000 6000 0112 3456 7890 189',
    bic: env.BANK_BIC ?? 'AGRIFRPPXXX',
  };
}
