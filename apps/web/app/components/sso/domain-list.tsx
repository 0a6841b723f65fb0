import { formatLongDate } from '@launchkit/plans';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button, RowAction } from '#web/components/forms/button.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { addSsoDomain, removeSsoDomain, type SsoDomain, verifySsoDomain } from '#web/lib/sso.ts';
import { type SsoSectionProps, useSsoAction } from './use-sso-action.ts';

type Run = ReturnType<typeof useSsoAction>['run'];

function DomainRow({ domain, disabled, run }: { domain: SsoDomain; disabled: boolean; run: Run }) {
  return (
    <li className="py-4" data-testid="sso-domain">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">{domain.domain}</p>
        <p className="text-sm text-slate-700">
          {domain.verifiedAt ? `Verified ${formatLongDate(domain.verifiedAt)}` : 'Not verified yet'}
        </p>
      </div>
      {!domain.verifiedAt && (
        <div className="mt-2 space-y-2 text-sm text-slate-700">
          <p>Add this TXT record at your DNS provider, then verify:</p>
          <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
            <dt className="font-medium">Name</dt>
            <dd>
              <code className="break-all">{domain.recordName}</code>
            </dd>
            <dt className="font-medium">Value</dt>
            <dd>
              <code className="break-all">{domain.recordValue}</code>
            </dd>
          </dl>
        </div>
      )}
      <div className="mt-2 flex gap-2">
        {!domain.verifiedAt && (
          <RowAction
            disabled={disabled}
            onClick={() =>
              run(
                `verify:${domain.domain}`,
                () => verifySsoDomain(domain.domain),
                `${domain.domain} is verified.`,
              )
            }
          >
            Verify {domain.domain}
          </RowAction>
        )}
        <RowAction
          isDanger
          disabled={disabled}
          onClick={() => run(`remove:${domain.domain}`, () => removeSsoDomain(domain.domain))}
        >
          Remove {domain.domain}
        </RowAction>
      </div>
    </li>
  );
}

/**
 * The domains the owner proves with a DNS TXT record: people signing in with an address at a verified
 * one are sent to the workspace's connection (while it is on), and may join by it.
 */
export function DomainList({ settings, disabled, onChange }: SsoSectionProps) {
  const [domain, setDomain] = useState('');
  const action = useSsoAction(onChange);
  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    if (await action.run('add', () => addSsoDomain(domain))) setDomain('');
  };
  return (
    <div className="mt-4 space-y-4">
      {settings.domains.length > 0 && (
        <ul className="divide-y divide-slate-200" aria-label="Domains">
          {settings.domains.map((entry) => (
            <DomainRow
              key={entry.domain}
              domain={entry}
              disabled={disabled || action.busy !== null}
              run={action.run}
            />
          ))}
        </ul>
      )}
      <form noValidate onSubmit={onAdd} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          id="sso-domain"
          label="Domain"
          placeholder="example.com"
          fieldClassName="flex-1"
          value={domain}
          onChange={(event) => setDomain(event.currentTarget.value)}
          disabled={disabled}
        />
        <Button type="submit" busy={action.busy === 'add'} busyLabel="Adding…" disabled={disabled}>
          Add domain
        </Button>
      </form>
      {action.error && <Alert variant="error">{action.error}</Alert>}
      {action.message && <Alert variant="success">{action.message}</Alert>}
    </div>
  );
}
