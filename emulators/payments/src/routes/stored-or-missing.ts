import { resourceMissing } from '#payments/http/stripe-error.ts';

/** The stored record, or Stripe's resource_missing naming `kind`: 404, as for the id in a URL. */
export function storedOrMissing<Value>(records: Map<string, Value>, kind: string, id: string): Value {
  const record = records.get(id);
  if (!record) throw resourceMissing(kind, id);
  return record;
}
