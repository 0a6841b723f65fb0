import { passkeyNameField } from '@launchkit/api-contract/field-rules';
import { formatLongDate } from '@launchkit/plans';
import { useState } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { ConfirmDialog } from '#web/components/forms/confirm-dialog.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { FormSubmitOrCancel } from '#web/components/forms/form-submit.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { SettingsCard, SettingsList } from '#web/components/layout/settings-card.tsx';
import { useAppForm, useOutcome } from '#web/hooks/use-app-form.ts';
import { useReauthentication } from '#web/hooks/use-reauthentication.tsx';
import { type AuthenticationMethod, removePasskey, renamePasskey } from '#web/lib/authentication-methods.ts';
import { AddPasskey } from './add-passkey.tsx';
import { EndOtherSessionsOffer } from './end-other-sessions-offer.tsx';

/**
 * Settings → Security: the passkeys that sign the person in, each renamed or removed here. Removing
 * asks for a recent sign-in (the API's rule); a removed passkey no longer signs in.
 */
export function PasskeySettings({
  email,
  passkeys,
  canAdd,
  onChange,
}: {
  email: string;
  passkeys: AuthenticationMethod[];
  /** The site offers passkeys (PASSKEYS): new ones may be added. */
  canAdd: boolean;
  onChange: () => void;
}) {
  const reauthentication = useReauthentication();
  const { outcome, run } = useOutcome();
  const [removing, setRemoving] = useState<AuthenticationMethod | null>(null);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [hasRemoved, setHasRemoved] = useState(false);

  const remove = async (passkey: AuthenticationMethod) => {
    setRemoving(null);
    await run(async () => {
      await reauthentication.run(() => removePasskey(passkey.id));
      setHasRemoved(true);
      onChange();
      return `“${passkey.name}” was removed. It no longer signs you in.`;
    });
  };

  return (
    <SettingsCard
      id="passkeys"
      title="Passkeys"
      intro="A passkey signs you in with your fingerprint, face or screen lock, with no password to type or steal."
    >
      {passkeys.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">This account has no passkeys.</p>
      ) : (
        <SettingsList labelledBy="passkeys-title" className="mt-4">
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              isRenaming={renamingId === passkey.id}
              onRename={(isRenaming) => setRenamingId(isRenaming ? passkey.id : null)}
              onRenamed={() => {
                setRenamingId(null);
                onChange();
              }}
              onRemove={() => setRemoving(passkey)}
            />
          ))}
        </SettingsList>
      )}
      <div className="mt-4 space-y-4">
        <FormOutcome outcome={outcome} />
        {hasRemoved && <EndOtherSessionsOffer change="The removed passkey no longer signs anyone in." />}
        {canAdd && <AddPasskey email={email} onAdded={onChange} />}
      </div>
      {removing && (
        <ConfirmDialog
          id="remove-passkey"
          title={`Remove “${removing.name}”?`}
          description="It will no longer sign you in. If it is your only way in, set a password first or keep another passkey."
          confirmLabel="Remove"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
      {reauthentication.dialog}
    </SettingsCard>
  );
}

/** One passkey: its name and dates, with Rename (the form in its place) and Remove. */
function PasskeyRow({
  passkey,
  isRenaming,
  onRename,
  onRenamed,
  onRemove,
}: {
  passkey: AuthenticationMethod;
  isRenaming: boolean;
  onRename: (isRenaming: boolean) => void;
  onRenamed: () => void;
  onRemove: () => void;
}) {
  if (isRenaming) {
    return (
      <li className="p-4">
        <RenameForm passkey={passkey} onDone={onRenamed} onCancel={() => onRename(false)} />
      </li>
    );
  }
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{passkey.name}</p>
          <p className="text-sm text-slate-600">
            Added {formatLongDate(passkey.createdAt)}
            {passkey.lastUsedAt ? ` · last used ${formatLongDate(passkey.lastUsedAt)}` : ''}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => onRename(true)} aria-label={`Rename ${passkey.name}`}>
            Rename
          </Button>
          <Button variant="secondary" onClick={onRemove} aria-label={`Remove ${passkey.name}`}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

function RenameForm({
  passkey,
  onDone,
  onCancel,
}: {
  passkey: AuthenticationMethod;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { requiredProps, submitWith, outcome, isSubmitting } = useAppForm<{ name: string }>({
    name: passkey.name ?? '',
  });
  const onSubmit = submitWith(async ({ name }) => {
    await renamePasskey(passkey.id, name.trim());
    onDone();
    return null;
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <TextField
        id={`passkey-name-${passkey.id.replace(/[^\w-]/g, '-')}`}
        label="Passkey name"
        autoFocus
        {...requiredProps('name', passkeyNameField)}
      />
      <FormSubmitOrCancel outcome={outcome} busy={isSubmitting} busyLabel="Saving…" onCancel={onCancel}>
        Save
      </FormSubmitOrCancel>
    </form>
  );
}
