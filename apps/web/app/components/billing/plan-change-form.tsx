import { formatLongDate, type PlanId, plans, unitAmountFor } from '@launchkit/plans';
import { type Ref, useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { ChoiceGroup } from '#web/components/forms/choice-group.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { SelectField, TextField } from '#web/components/forms/text-field.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import {
  type BillingPeriod,
  changeSubscription,
  previewSubscriptionChange,
  type Subscription,
  type SubscriptionChoice,
  type SubscriptionPreview,
} from '#web/lib/billing.ts';
import {
  choiceOf,
  describeChange,
  formatAmount,
  isSameChoice,
  periodLabels,
  perSeatUnit,
} from '#web/lib/plan-change.ts';

type ChangeValues = { plan: PlanId; period: BillingPeriod; seats: number };
type Previewed = { choice: SubscriptionChoice; answer: SubscriptionPreview };
type ChangeForm = ReturnType<typeof useAppForm<ChangeValues>>;

const periods: readonly BillingPeriod[] = ['month', 'year'];

/**
 * Change the plan, the billing period or the seats in two steps: "Preview change" asks the server what
 * the change charges today and at the next renewal; "Confirm change" makes it at that price (the
 * preview's `prorationDate`). Editing the form after a preview drops it, so what is confirmed is always
 * what was shown. The server's refusals show under their field (fewer seats than are in use), or in the
 * form's alert.
 */
export function PlanChangeForm({
  subscription,
  workspace,
  onChanged,
}: {
  subscription: Subscription;
  workspace: string | null;
  onChanged: () => void;
}) {
  const form = useAppForm<ChangeValues>(choiceOf(subscription));
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const { plan, period, seats } = form.watch();
  const shown = previewed && isSameChoice(previewed.choice, { plan, period, seats }) ? previewed : null;
  const previewHeading = useRef<HTMLHeadingElement>(null);
  // The preview appears below the form: focus moves to it, so a screen reader reads it next.
  useEffect(() => {
    if (previewed) previewHeading.current?.focus();
  }, [previewed]);

  const onPreview = form.submitWith(async (values) => {
    setPreviewed(null);
    setPreviewed({ choice: values, answer: await previewSubscriptionChange(workspace, values) });
    return null;
  });
  const onConfirm = form.submitWith(async (values) => {
    if (!shown) return null;
    // Whatever the answer, this preview is spent: an expired or refused one is previewed again.
    setPreviewed(null);
    await changeSubscription(workspace, { ...values, prorationDate: shown.answer.prorationDate });
    form.reset(values);
    onChanged();
    return describeChange(choiceOf(subscription), values);
  });

  return (
    <SettingsCard
      id="plan-change"
      title="Change your plan"
      intro="Choose a plan, how often to pay and how many seats, then preview what it costs before you confirm."
    >
      <form noValidate onSubmit={onPreview} className="mt-6 space-y-6" data-testid="plan-change-form">
        <ChangeFields form={form} period={period} seatsInUse={subscription.seatsInUse} />
        <Button
          type="submit"
          variant={shown ? 'secondary' : 'primary'}
          busy={form.isSubmitting && !shown}
          busyLabel="Previewing…"
          disabled={form.isSubmitting}
        >
          Preview change
        </Button>
        {shown && <PreviewDetails preview={shown.answer} headingRef={previewHeading} />}
        <FormOutcome outcome={form.outcome} />
        {shown && (
          <Button onClick={() => void onConfirm()} busy={form.isSubmitting} busyLabel="Changing…">
            Confirm change
          </Button>
        )}
      </form>
    </SettingsCard>
  );
}

/** The plan (priced for the chosen period), the billing period and the seats. */
function ChangeFields({
  form,
  period,
  seatsInUse,
}: {
  form: ChangeForm;
  period: BillingPeriod;
  seatsInUse: number;
}) {
  return (
    <>
      <SelectField id="plan-change-plan" label="Plan" {...form.fieldProps('plan')}>
        {plans.map((each) => (
          <option key={each.id} value={each.id}>
            {`${each.name}: ${formatAmount(unitAmountFor(each, period))} ${perSeatUnit(period)}`}
          </option>
        ))}
      </SelectField>
      <PeriodChoice form={form} />
      <TextField
        id="plan-change-seats"
        label="Seats"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        className="max-w-32"
        hint={`${seatsInUse} in use by members and open invitations: you need at least that many.`}
        {...form.fieldProps('seats', { valueAsNumber: true })}
      />
    </>
  );
}

/** Monthly or Yearly, as two radios in a group (the arrow keys move between them). */
function PeriodChoice({ form }: { form: ChangeForm }) {
  const field = form.register('period');
  const error = form.formState.errors.period;
  return (
    <ChoiceGroup
      id="plan-change-period"
      legend="Billing period"
      error={error?.message}
      isErrorAnnounced={error?.type === 'server'}
    >
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {periods.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
            <input
              type="radio"
              value={value}
              className="size-4 shrink-0 accent-brand-600"
              {...field}
              disabled={form.isSubmitting}
            />
            {periodLabels[value]}
            {value === 'year' && <span className="text-slate-600">(two months free)</span>}
          </label>
        ))}
      </div>
    </ChoiceGroup>
  );
}

/** What the change charges today, line by line, and the renewal after it. */
function PreviewDetails({
  preview,
  headingRef,
}: {
  preview: SubscriptionPreview;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { lines, amountDueNow, creditLeft, nextAmount, nextDate } = preview;
  return (
    <section
      aria-labelledby="plan-preview-title"
      className="rounded-md bg-slate-50 p-4 ring-1 ring-slate-200"
      data-testid="plan-preview"
    >
      <h3
        id="plan-preview-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-sm font-semibold text-slate-900"
      >
        What this change costs
      </h3>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Charged today, line by line</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {lines.map((line, index) => (
            // Lines have no id of their own, and the list is shown once as it came.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index}>
              <td className="py-2 pr-4 text-slate-700">{line.description}</td>
              <td className="py-2 text-right whitespace-nowrap tabular-nums text-slate-900">
                {formatAmount(line.amount)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-300">
          <tr>
            <th scope="row" className="pt-2 text-left font-semibold text-slate-900">
              Due today
            </th>
            <td
              className="pt-2 text-right font-semibold whitespace-nowrap tabular-nums text-slate-900"
              data-testid="plan-preview-due"
            >
              {formatAmount(amountDueNow)}
            </td>
          </tr>
        </tfoot>
      </table>
      {creditLeft > 0 && (
        <p className="mt-2 text-sm text-slate-700">
          Credit kept for your next invoices: {formatAmount(creditLeft)}
        </p>
      )}
      <p className="mt-3 text-sm text-slate-700" data-testid="plan-preview-next">
        Next renewal: <span className="font-semibold text-slate-900">{formatAmount(nextAmount)}</span> on{' '}
        {formatLongDate(nextDate)}
      </p>
    </section>
  );
}
