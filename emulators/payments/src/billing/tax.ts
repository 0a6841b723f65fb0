// Automatic tax in the emulator: one fixed rate on everything, exclusive (added on top), whatever the
// customer's address. Stripe Tax works the rate out from the address and the product's tax code; the
// emulator cannot, and a fixed, documented rate (docs/billing.md) lets tests check the amounts.

/** The emulator's tax rate, in percent. */
export const emulatorTaxPercent = 10;

/** The id the invoice's `total_taxes` name as their rate (`tax_rate_details.tax_rate`). */
export const emulatorTaxRateId = 'txr_emulator_standard_rate';

/** The tax on an amount after discounts, rounded to the cent; none on a credit. */
export const taxOn = (taxable: number) =>
  taxable > 0 ? Math.round((taxable * emulatorTaxPercent) / 100) : 0;
