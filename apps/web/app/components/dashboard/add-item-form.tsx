import { itemNameField } from '@launchkit/api-contract/field-rules';
import { useEffect, useRef } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { requiredField } from '#web/components/forms/error-message.ts';
import { TextField } from '#web/components/forms/text-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';

type AddItemValues = { name: string };

/**
 * docs/product.md §5: an item needs a name. A failure is reported by the list (its error alert); the
 * typed name stays so the person can send it again.
 */
export function AddItemForm({ onAdd }: { onAdd: (name: string) => Promise<boolean> }) {
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useAppForm<AddItemValues>({ name: '' });

  const onSubmit = handleSubmit(async ({ name }) => {
    if (await onAdd(name.trim())) reset();
  });

  // The field is disabled while sending, which takes focus away from it; it gets focus back once the
  // form is enabled again, ready for the next item.
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (wasSubmitting.current && !isSubmitting) setFocus('name');
    wasSubmitting.current = isSubmitting;
  }, [isSubmitting, setFocus]);

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      data-testid="add-item-form"
    >
      <TextField
        id="add-item-name"
        label="Item name"
        hideLabel
        placeholder="Name of a new item"
        autoComplete="off"
        maxLength={itemNameField.max}
        fieldClassName="min-w-0 flex-1"
        disabled={isSubmitting}
        error={errors.name?.message}
        {...register('name', { validate: requiredField(itemNameField) })}
      />
      <Button type="submit" busy={isSubmitting} busyLabel="Adding…">
        Add item
      </Button>
    </form>
  );
}
