import type { FieldRule } from '@launchkit/api-contract/field-rules';
import { useCallback, useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  useForm,
} from 'react-hook-form';
import type { AlertVariant } from '#web/components/forms/alert.tsx';
import { errorMessage, requiredField } from '#web/components/forms/error-message.ts';

// The site's forms (docs/product.md §5): checked on submit, then again on every change once a check has
// failed; an action's outcome shown in one alert (components/forms/form-outcome.tsx).

export type Outcome = { variant: AlertVariant; message: string };

/** An action answers the success message to show, or anything else (nothing) to show none. */
type Action = () => Promise<unknown>;

/**
 * The outcome of a form's action: `run` clears the last one, runs the action, then shows its
 * success message (if it gave one) or its error's message; it resolves to whether the action
 * succeeded and never rejects.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const run = useCallback(async (action: Action): Promise<boolean> => {
    setOutcome(null);
    try {
      const success = await action();
      if (typeof success === 'string' && success) setOutcome({ variant: 'success', message: success });
      return true;
    } catch (error) {
      setOutcome({ variant: 'error', message: errorMessage(error) });
      return false;
    }
  }, []);
  return { outcome, setOutcome, run };
}

/**
 * react-hook-form with the site's options, and the outcome of its action: `submitWith(action)` is the
 * form's onSubmit, running `action` with the checked values through `run` (useOutcome).
 * `fieldProps(name, rules)` is what a TextField or TextArea takes from the form: the field registered
 * with `rules`, its error message (which the field shows and links with aria-describedby and
 * aria-invalid), and disabled while the form is submitted; `requiredProps(name, rule)` is the same for a
 * field that `rule` requires.
 */
export function useAppForm<Values extends FieldValues>(defaultValues: DefaultValues<Values>) {
  const form = useForm<Values>({ mode: 'onSubmit', reValidateMode: 'onChange', defaultValues });
  const { outcome, setOutcome, run } = useOutcome();
  const submitWith = (action: (values: Values) => Promise<unknown>) =>
    form.handleSubmit(async (values) => {
      await run(() => action(values));
    });
  const fieldProps = <Name extends FieldPath<Values>>(name: Name, rules?: RegisterOptions<Values, Name>) => ({
    ...form.register(name, rules),
    error: form.getFieldState(name, form.formState).error?.message,
    disabled: form.formState.isSubmitting,
  });
  const requiredProps = <Name extends FieldPath<Values>>(
    name: Name,
    rule: FieldRule & { required: string },
  ) => fieldProps(name, { validate: requiredField(rule) } as RegisterOptions<Values, Name>);
  const { isSubmitting } = form.formState;
  return { ...form, isSubmitting, outcome, setOutcome, run, submitWith, fieldProps, requiredProps };
}
