import { apiKeyDefaultDays, apiKeyMaxDays, apiKeyNameField } from '@launchkit/api-contract/field-rules';
import { type MemberRole, memberRoles } from '@launchkit/api-contract/permissions';
import { FormDialog } from '#web/components/forms/form-dialog.tsx';
import { Options, SelectField, TextField } from '#web/components/forms/text-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { type CreatedApiKey, createApiKey } from '#web/lib/api-keys.ts';

/** What a role lets a key do, in the words of the role select. */
export const keyRoleDescriptions: Record<MemberRole, string> = {
  admin: 'Admin: items and the activity log',
  member: 'Member: read and change items',
  viewer: 'Viewer: read items only',
};

const never = 'never';

const expiryChoices = [
  { value: never, label: 'Never (until revoked)' },
  { value: '30', label: 'In 30 days' },
  { value: String(apiKeyDefaultDays), label: `In ${apiKeyDefaultDays} days` },
  { value: '365', label: 'In a year' },
  { value: String(apiKeyMaxDays), label: 'In two years' },
];

type Values = { name: string; role: MemberRole; expiresInDays: string };

const createLabels = { idle: 'Create key', busy: 'Creating…' };

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
  const form = useAppForm<Values>({
    name: '',
    role: 'member',
    expiresInDays: String(apiKeyDefaultDays),
  });
  const { fieldProps, requiredProps, submitWith } = form;
  const onSubmit = submitWith(async (values) => {
    onCreated(
      await createApiKey(workspace, {
        name: values.name.trim(),
        role: values.role,
        expiresInDays: values.expiresInDays === never ? null : Number(values.expiresInDays),
      }),
    );
  });
  return (
    <FormDialog
      titleId="create-api-key-title"
      title="Create an API key"
      description="The key acts in this workspace with the role you choose. It never reaches billing, members or keys."
      onClose={onClose}
      testId="create-api-key-dialog"
      form={form}
      onSubmit={onSubmit}
      labels={createLabels}
    >
      <TextField
        id="api-key-name"
        label="Name"
        hint="What it is for, as the activity log will name it."
        {...requiredProps('name', apiKeyNameField)}
      />
      <SelectField id="api-key-role" label="Role" {...fieldProps('role')}>
        <Options values={memberRoles} labels={keyRoleDescriptions} />
      </SelectField>
      <SelectField id="api-key-expiry" label="Expires" {...fieldProps('expiresInDays')}>
        {expiryChoices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
