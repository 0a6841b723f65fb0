import { maxCreditDollars } from '@launchkit/api-contract/field-rules';
import { FormDialog } from '#web/components/forms/form-dialog.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';

export type ReasonValues = { reason: string; days: string; amount: string; legalReason: string };

export type ReasonDialogProps = {
  /** Names the dialog's elements (explicit ids: docs/decisions/0019). */
  id: string;
  title: string;
  description: string;
  submitLabel: string;
  /** Asks for the days to add (extending a trial). */
  asksDays?: boolean;
  /** Asks for an amount in whole dollars (granting a credit). */
  asksAmount?: boolean;
  /** Asks for a legal reason (a workspace that forbids "view as"). */
  asksLegalReason?: boolean;
  isDanger?: boolean;
  /** Runs the action; the dialog closes once it resolves, and shows the server's refusal if not. */
  onSubmit: (values: ReasonValues) => Promise<unknown>;
  onClose: () => void;
};

/**
 * Every back-office action asks why (docs/operations.md): the reason goes to the operator audit log with
 * the action, before it happens. The server checks every field; the form only says what it needs.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { id, asksDays = false, asksAmount = false, asksLegalReason = false } = props;
  const form = useAppForm<ReasonValues>({ reason: '', days: '7', amount: '', legalReason: '' });
  return (
    <FormDialog
      titleId={`${id}-title`}
      title={props.title}
      description={props.description}
      onClose={props.onClose}
      form={form}
      isDanger={props.isDanger}
      formTestId={`${id}-form`}
      labels={{ idle: props.submitLabel, busy: 'Working…' }}
      onSubmit={form.submitWith(async (values) => {
        await props.onSubmit(values);
        props.onClose();
      })}
    >
      {asksDays && (
        <TextField
          id={`${id}-days`}
          label="Days to add"
          type="number"
          inputMode="numeric"
          min={1}
          max={90}
          {...form.fieldProps('days', { required: 'Give the days to add, 1 to 90.' })}
        />
      )}
      {asksAmount && (
        <TextField
          id={`${id}-amount`}
          label="Credit in dollars"
          hint={`Whole dollars, 1 to ${maxCreditDollars.toLocaleString('en-US')}: taken off the next invoice.`}
          type="number"
          inputMode="numeric"
          min={1}
          max={maxCreditDollars}
          {...form.fieldProps('amount', {
            required: `Give the credit in whole dollars, 1 to ${maxCreditDollars.toLocaleString('en-US')}.`,
          })}
        />
      )}
      <TextField
        id={`${id}-reason`}
        label="Reason"
        hint="Kept in the operator audit log with the action."
        maxLength={500}
        {...form.fieldProps('reason', { required: 'Give a reason: it is kept in the operator audit log.' })}
      />
      {asksLegalReason && (
        <TextField
          id={`${id}-legal-reason`}
          label="Legal reason"
          hint="This workspace forbids “view as”: only a legal ground overrides it, and it is recorded."
          maxLength={500}
          optional
          {...form.fieldProps('legalReason')}
        />
      )}
    </FormDialog>
  );
}
