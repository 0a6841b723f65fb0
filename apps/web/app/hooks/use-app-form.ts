import type { FieldRule } from '@launchkit/api-contract/field-rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  useForm,
} from 'react-hook-form';
import type { AlertVariant } from '#web/components/forms/alert.tsx';
import { errorMessage, requiredField } from '#web/components/forms/error-message.ts';
import { ApiError } from '#web/lib/api.ts';

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

/** The type of a field error the server gave (the envelope's `fields`), rather than the form's own check. */
const serverError = 'server';

/**
 * react-hook-form with the site's options, and the outcome of its action: `submitWith(action)` is the
 * form's onSubmit, running `action` with the checked values through `run` (useOutcome). When the server
 * refuses fields of this form by name (the error envelope's `fields`), each message shows under its
 * field, announced, the first field focused, instead of in the form's alert.
 * `fieldProps(name, rules)` is what a TextField, TextArea or SelectField takes from the form: the field
 * registered with `rules`, its error message (which the field shows and links with aria-describedby and
 * aria-invalid), and disabled while the form is submitted; `requiredProps(name, rule)` is the same for a
 * field that `rule` requires.
 */
export function useAppForm<Values extends FieldValues>(defaultValues: DefaultValues<Values>) {
  const form = useForm<Values>({ mode: 'onSubmit', reValidateMode: 'onChange', defaultValues });
  const { outcome, setOutcome, run } = useOutcome();
  // The first field the server refused gets focus once the form is enabled again: fields are disabled
  // while it is submitted, and a disabled field cannot take focus.
  const refusedField = useRef<FieldPath<Values> | null>(null);
  const { isSubmitting } = form.formState;
  useEffect(() => {
    if (isSubmitting || !refusedField.current) return;
    form.setFocus(refusedField.current);
    refusedField.current = null;
  }, [isSubmitting, form]);
  /** Shows the server's field errors that name fields of this form; answers whether there were any. */
  const showFieldErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.fields) return false;
    const named = Object.entries(error.fields).filter(([name]) => Object.hasOwn(defaultValues, name));
    for (const [name, message] of named) {
      form.setError(name as FieldPath<Values>, { type: serverError, message });
    }
    refusedField.current = (named[0]?.[0] as FieldPath<Values> | undefined) ?? null;
    return named.length > 0;
  };
  const submitWith = (action: (values: Values) => Promise<unknown>) =>
    form.handleSubmit(async (values) => {
      await run(async () => {
        try {
          return await action(values);
        } catch (error) {
          if (showFieldErrors(error)) return null;
          throw error;
        }
      });
    });
  const fieldProps = <Name extends FieldPath<Values>>(name: Name, rules?: RegisterOptions<Values, Name>) => {
    const { error } = form.getFieldState(name, form.formState);
    return {
      ...form.register(name, rules),
      error: error?.message,
      isErrorAnnounced: error?.type === serverError,
      disabled: form.formState.isSubmitting,
    };
  };
  const requiredProps = <Name extends FieldPath<Values>>(
    name: Name,
    rule: FieldRule & { required: string },
  ) => fieldProps(name, { validate: requiredField(rule) } as RegisterOptions<Values, Name>);
  return { ...form, isSubmitting, outcome, setOutcome, run, submitWith, fieldProps, requiredProps };
}
