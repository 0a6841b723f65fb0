import { apiKeyMaxDays, apiKeyNameField } from '@launchkit/api-contract/field-rules';
import { type MemberRole, memberRoles } from '@launchkit/api-contract/permissions';
import { DialogActions } from '#web/components/forms/dialog-actions.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { ModalDialog } from '#web/components/forms/modal-dialog.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { type CreatedApiKey, createApiKey } from '#web/lib/api-keys.ts';

/** What a role lets a key do, in the words of the role select. */
export const keyRoleDescriptions: Record<MemberRole, string> = {
  admin: 'Admin: items and the activity log',
  member: 'Member: read and change items',
  viewer: 'Viewer: read items only',
};

const expiryChoices = [
  { value: '', label: 'Never (until revoked)' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
  { value: String(apiKeyMaxDays), label: 'In two years' },
];

type Values = { name: string; role: MemberRole; expiresInDays: string };

const selectClasses =
  'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none';

/**
 * Makes an API key of the workspace: its name, its role (never owner) and when it expires. A refusal
 * (the keys' limit) keeps the dialog open with the server's message.
 */
export function CreateApiKeyDialog({
  workspace,
  onCreated,
  onClose,
}: {
  workspace: string | null;
  onCreated: (created: CreatedApiKey) => void;
  onClose: () => void;
}) {
  const { register, requiredProps, submitWith, outcome, isSubmitting } = useAppForm<Values>({
    name: '',
    role: 'member',
    expiresInDays: '',
  });
  const onSubmit = submitWith(async (values) => {
    onCreated(
      await createApiKey(workspace, {
        name: values.name.trim(),
        role: values.role,
        ...(values.expiresInDays && { expiresInDays: Number(values.expiresInDays) }),
      }),
    );
  });
  return (
    <ModalDialog
      titleId="create-api-key-title"
      title="Create an API key"
      description="The key acts in this workspace with the role you choose. It never reaches billing, members or keys."
      onClose={onClose}
      testId="create-api-key-dialog"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          id="api-key-name"
          label="Name"
          hint="What it is for, as the activity log will name it."
          autoComplete="off"
          {...requiredProps('name', apiKeyNameField)}
        />
        <div>
          <label htmlFor="api-key-role" className="block text-sm font-medium text-slate-900">
            Role
          </label>
          <select id="api-key-role" className={selectClasses} disabled={isSubmitting} {...register('role')}>
            {memberRoles.map((role) => (
              <option key={role} value={role}>
                {keyRoleDescriptions[role]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="api-key-expiry" className="block text-sm font-medium text-slate-900">
            Expires
          </label>
          <select
            id="api-key-expiry"
            className={selectClasses}
            disabled={isSubmitting}
            {...register('expiresInDays')}
          >
            {expiryChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <FormOutcome outcome={outcome} />
        <DialogActions
          busy={isSubmitting}
          onCancel={onClose}
          submitLabel="Create key"
          busyLabel="Creating…"
        />
      </form>
    </ModalDialog>
  );
}
