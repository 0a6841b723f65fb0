import type { Params } from '#payments/http/params.ts';
import { invalidRequest, parameterInvalid, resourceMissing } from '#payments/http/stripe-error.ts';
import type { PaymentsState, PriceRecord } from '#payments/storage/payments-state.ts';

/**
 * `recurring[usage_type]` and `recurring[meter]` of a new price. Since 2025-03-31.basil a metered price
 * bills a meter and must name one (the legacy usage records are gone); the meter must be active
 * ("You can't attach a deactivated meter to a price"). A licensed price names none.
 */
export function meteredPriceFields(
  state: PaymentsState,
  recurring: Params,
): Pick<PriceRecord, 'usageType' | 'meter'> {
  const usageType = recurring.oneOf('usage_type', ['licensed', 'metered']) ?? 'licensed';
  const meterId = recurring.text('meter', { max: 200 });
  if (usageType === 'licensed') {
    if (meterId !== undefined) {
      throw parameterInvalid(
        recurring.name('meter'),
        'A meter can only be set on a price with recurring[usage_type]=metered.',
      );
    }
    return {};
  }
  if (meterId === undefined) {
    throw invalidRequest('Metered prices must be backed by a meter: set recurring[meter].', {
      code: 'parameter_missing',
      param: recurring.name('meter'),
    });
  }
  const meter = state.meters.get(meterId);
  if (!meter) throw resourceMissing('billing.meter', meterId, recurring.name('meter'));
  if (meter.status !== 'active') {
    throw invalidRequest(`The meter ${meterId} is deactivated: it cannot be attached to a price.`, {
      param: recurring.name('meter'),
    });
  }
  return { usageType, meter: meter.id };
}
