import { CheckCircleIcon, CloseIcon } from '#web/components/icons.tsx';

/**
 * After checkout (docs/product.md §7 successUrl dashboard?paid=true). The plan is switched on by the
 * payment provider's webhook, which may land a moment after the person does, so this confirms the
 * purchase was received rather than claiming the plan is already active.
 */
export function PurchaseNotice({
  isPlanActive,
  onDismiss,
}: {
  isPlanActive: boolean;
  onDismiss: () => void;
}) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-800"
      data-testid="purchase-notice"
    >
      <CheckCircleIcon className="mt-px size-5 shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">Thanks for your purchase!</span>{' '}
        {isPlanActive
          ? 'Your plan is now active.'
          : 'We have received your order; your plan shows here as soon as the payment is confirmed.'}
      </p>
      <button
        type="button"
        onClick={onDismiss}
        className="-m-1 rounded-md p-1 text-green-800 hover:bg-green-100"
        aria-label="Dismiss"
      >
        <CloseIcon className="size-5" />
      </button>
    </div>
  );
}
