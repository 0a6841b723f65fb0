import type { ComponentProps, ReactNode } from 'react';

type FieldFrameProps = {
  label: string;
  /** Shown under the field and linked to it with aria-describedby; also sets aria-invalid. */
  error?: string;
  /** The error is the server's answer to a submit: announced at once (role="alert"), as the form's alert would be. */
  isErrorAnnounced?: boolean;
  hint?: string;
  /** Marks the field as optional beside the label (outside it, so the accessible name stays `label`). */
  optional?: boolean;
  /** Keeps the label for assistive technology but hides it visually (e.g. a one-field inline form). */
  hideLabel?: boolean;
};

const inputClasses =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 sm:text-sm';

const selectClasses =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none';

function borderFor(error?: string) {
  return error ? 'border-red-600' : 'border-slate-300';
}

/** A field's or a group's error, under it; `id` is what the control's aria-describedby names. */
export function FieldError({
  id,
  error,
  isAnnounced,
  className = 'mt-1.5',
}: {
  id: string;
  error?: string;
  isAnnounced?: boolean;
  className?: string;
}) {
  if (!error) return null;
  return (
    <p id={id} role={isAnnounced ? 'alert' : undefined} className={`${className} text-sm text-red-700`}>
      {error}
    </p>
  );
}

/**
 * Ids and ARIA wiring shared by TextField and TextArea. Ids are given by the caller rather than made
 * with useId: the prerendered HTML comes from React and the browser bundle from Preact, whose
 * generated ids differ, so only explicit ids survive hydration unchanged.
 */
function useFieldIds(controlId: string, error?: string, hint?: string) {
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { controlId, errorId, hintId, describedBy };
}

function FieldFrame({
  ids,
  children,
  className = '',
  ...frame
}: FieldFrameProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode; className?: string }) {
  const { label, error, isErrorAnnounced, hint, optional, hideLabel } = frame;
  return (
    <div className={className}>
      <div className={hideLabel ? 'sr-only' : 'mb-1.5 flex items-baseline justify-between gap-2'}>
        <label htmlFor={ids.controlId} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        {optional && !hideLabel && <span className="text-sm text-slate-600">Optional</span>}
      </div>
      {children}
      {hint && !error && (
        <p id={ids.hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={ids.errorId} error={error} isAnnounced={isErrorAnnounced} />
    </div>
  );
}

/** What every control takes besides its own attributes: its id and the field around it. */
type FieldProps = FieldFrameProps & { id: string; className?: string; fieldClassName?: string };

/** The attributes that tie a control to its frame's label, hint and error, and its look. */
type ControlWiring = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; className: string };

/** A control in its FieldFrame; `render` gets the control's own attributes together with its wiring. */
function Field<Own extends object>({
  id,
  label,
  error,
  isErrorAnnounced,
  hint,
  optional,
  hideLabel,
  className = '',
  fieldClassName,
  controlClasses = inputClasses,
  render,
  ...own
}: FieldProps &
  Own & {
    controlClasses?: string;
    render: (control: Omit<Own, keyof ControlWiring> & ControlWiring) => ReactNode;
  }) {
  const ids = useFieldIds(id, error, hint && !error ? hint : undefined);
  return (
    <FieldFrame
      {...{ label, error, isErrorAnnounced, hint, optional, hideLabel, ids }}
      className={fieldClassName}
    >
      {render({
        id: ids.controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': ids.describedBy,
        className: `${controlClasses} ${borderFor(error)} ${className}`.trim(),
        ...(own as Omit<Own, keyof ControlWiring>),
      })}
    </FieldFrame>
  );
}

// `ref` is a prop of function components in React 19 and in Preact 11 alike: no forwardRef.
export type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'id' | 'className'>;

export function TextField({ type = 'text', ...props }: TextFieldProps) {
  return <Field {...props} render={(control) => <input type={type} {...control} />} />;
}

type TextAreaProps = FieldProps & Omit<ComponentProps<'textarea'>, 'id' | 'className'>;

export function TextArea({ rows = 5, ...props }: TextAreaProps) {
  return <Field {...props} render={(control) => <textarea rows={rows} {...control} />} />;
}

type SelectFieldProps = FieldProps & Omit<ComponentProps<'select'>, 'id' | 'className'>;

/** A choice among options (`children`), labelled, hinted and checked as a text field is. */
export function SelectField({ children, ...props }: SelectFieldProps) {
  return (
    <Field
      {...props}
      controlClasses={selectClasses}
      render={(control) => <select {...control}>{children}</select>}
    />
  );
}

/** A select's options: each of `values`, named by `labels` (a record by value, or a function). */
export function Options<Value extends string>({
  values,
  labels,
}: {
  values: readonly Value[];
  labels: Record<Value, string> | ((value: Value) => string);
}) {
  const labelOf = typeof labels === 'function' ? labels : (value: Value) => labels[value];
  return values.map((value) => (
    <option key={value} value={value}>
      {labelOf(value)}
    </option>
  ));
}
