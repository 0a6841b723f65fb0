import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { checkboxClasses } from '#web/components/forms/checkbox.ts';
import { ChoiceGroup } from '#web/components/forms/choice-group.tsx';
import { TextArea, TextField } from '#web/components/forms/text-field.tsx';
import { type SingleSignOn, saveOidcConnection, saveSamlConnection } from '#web/lib/sso.ts';
import { useSsoAction } from './use-sso-action.ts';

type Kind = 'saml' | 'oidc';
type OidcValues = { issuer: string; clientId: string; clientSecret: string };

/** SAML: the identity provider's metadata, pasted or read from a file. */
function SamlFields({
  metadata,
  onMetadata,
  disabled,
}: {
  metadata: string;
  onMetadata: (metadata: string) => void;
  disabled: boolean;
}) {
  const readFile = async (file: File | undefined) => {
    if (file) onMetadata(await file.text());
  };
  return (
    <>
      <TextArea
        id="sso-metadata"
        label="Identity provider metadata (XML)"
        hint="Paste the metadata document your identity provider gives for this application, or read it from a file."
        rows={6}
        value={metadata}
        onChange={(event) => onMetadata(event.currentTarget.value)}
        disabled={disabled}
      />
      <TextField
        id="sso-metadata-file"
        label="Metadata file"
        type="file"
        accept=".xml,application/xml,text/xml"
        optional
        onChange={(event) => void readFile(event.currentTarget.files?.[0])}
        disabled={disabled}
      />
    </>
  );
}

/** OIDC: the issuer (its discovery document is checked) and the client registered there. */
function OidcFields({
  values,
  onValues,
  disabled,
}: {
  values: OidcValues;
  onValues: (values: OidcValues) => void;
  disabled: boolean;
}) {
  const field = (name: keyof OidcValues) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      onValues({ ...values, [name]: event.currentTarget.value }),
    disabled,
  });
  return (
    <>
      <TextField
        id="sso-issuer"
        label="Issuer URL"
        placeholder="https://login.example.com"
        {...field('issuer')}
      />
      <TextField id="sso-client-id" label="Client ID" {...field('clientId')} />
      <TextField
        id="sso-client-secret"
        label="Client secret"
        type="password"
        autoComplete="off"
        {...field('clientSecret')}
      />
    </>
  );
}

/**
 * Sets up the connection to the customer's identity provider, or replaces it: SAML from the
 * provider's metadata (pasted, or read from a file), or OIDC from its issuer, client id and secret.
 */
export function ConnectionSetup({
  current,
  disabled,
  onChange,
}: {
  current: SingleSignOn['connection'];
  disabled: boolean;
  onChange: (settings: SingleSignOn) => void;
}) {
  const [kind, setKind] = useState<Kind>(current?.type ?? 'saml');
  const [metadata, setMetadata] = useState('');
  const [oidc, setOidc] = useState({
    issuer: current?.oidc?.issuer ?? '',
    clientId: current?.oidc?.clientId ?? '',
    clientSecret: '',
  });
  const action = useSsoAction(onChange);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await action.run(
      'save',
      () => (kind === 'saml' ? saveSamlConnection(metadata) : saveOidcConnection(oidc)),
      'Connection saved. Enter the details below at your identity provider, then test the connection.',
    );
    if (saved) setOidc((values) => ({ ...values, clientSecret: '' }));
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4" data-testid="connection-setup">
      <ChoiceGroup id="sso-kind" legend="Protocol">
        <div className="mt-2 flex gap-6">
          {(['saml', 'oidc'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
              <input
                type="radio"
                name="sso-kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className={checkboxClasses}
                disabled={disabled}
              />
              {value === 'saml' ? 'SAML' : 'OpenID Connect (OIDC)'}
            </label>
          ))}
        </div>
      </ChoiceGroup>
      {kind === 'saml' ? (
        <SamlFields metadata={metadata} onMetadata={setMetadata} disabled={disabled} />
      ) : (
        <OidcFields values={oidc} onValues={setOidc} disabled={disabled} />
      )}
      {action.error && <Alert variant="error">{action.error}</Alert>}
      {action.message && <Alert variant="success">{action.message}</Alert>}
      <Button type="submit" busy={action.busy === 'save'} busyLabel="Saving…" disabled={disabled}>
        {current ? 'Replace connection' : 'Save connection'}
      </Button>
    </form>
  );
}
