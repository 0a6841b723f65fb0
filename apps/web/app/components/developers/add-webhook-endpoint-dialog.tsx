import {
  type WebhookEventType,
  webhookEventLabels,
  webhookEventTypes,
} from '@launchkit/api-contract/webhook-events';
import { DialogActions } from '#web/components/forms/dialog-actions.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { ModalDialog } from '#web/components/forms/modal-dialog.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { createWebhookEndpoint, type WebhookEndpoint } from '#web/lib/webhooks.ts';

type Values = { url: string; description: string; events: WebhookEventType[] };

const urlRule = {
  label: 'endpoint URL',
  max: 2048,
  required: 'Enter the endpoint’s full address, starting with https://.',
};

/**
 * Registers an endpoint: its address, what it is for, and the events it receives. The server checks
 * the address (https; in production a public host) and answers why it refuses one, shown here.
 */
export function AddWebhookEndpointDialog({
  workspace,
  onAdded,
  onClose,
}: {
  workspace: string | null;
  onAdded: (endpoint: WebhookEndpoint) => void;
  onClose: () => void;
}) {
  const { register, requiredProps, fieldProps, submitWith, outcome, isSubmitting, formState } =
    useAppForm<Values>({ url: '', description: '', events: [] });
  const eventsError = formState.errors.events?.message;
  const onSubmit = submitWith(async (values) => {
    onAdded(
      await createWebhookEndpoint(workspace, {
        url: values.url.trim(),
        events: values.events,
        ...(values.description.trim() && { description: values.description.trim() }),
      }),
    );
  });
  return (
    <ModalDialog
      titleId="add-webhook-endpoint-title"
      title="Add a webhook endpoint"
      description="The product posts a signed JSON event to this address each time one of the chosen events happens in this workspace."
      onClose={onClose}
      testId="add-webhook-endpoint-dialog"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          id="webhook-url"
          label="Endpoint URL"
          type="url"
          hint="https:// (plain http:// only for localhost, in development)."
          autoComplete="off"
          placeholder="https://example.com/webhooks/launchkit"
          {...requiredProps('url', urlRule)}
        />
        <TextField
          id="webhook-description"
          label="Description"
          optional
          autoComplete="off"
          {...fieldProps('description')}
        />
        <fieldset aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
          <legend className="text-sm font-medium text-slate-900">Events</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {webhookEventTypes.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  value={type}
                  className="mt-0.5 size-4 rounded border-slate-400 text-brand-600 focus:ring-brand-600"
                  disabled={isSubmitting}
                  {...register('events', {
                    validate: (events) => events.length > 0 || 'Choose at least one event.',
                  })}
                />
                <span>
                  {webhookEventLabels[type]} <code className="text-xs text-slate-600">{type}</code>
                </span>
              </label>
            ))}
          </div>
          {eventsError && (
            <p id="webhook-events-error" className="mt-2 text-sm text-red-700">
              {eventsError}
            </p>
          )}
        </fieldset>
        <FormOutcome outcome={outcome} />
        <DialogActions
          busy={isSubmitting}
          onCancel={onClose}
          submitLabel="Add endpoint"
          busyLabel="Adding…"
        />
      </form>
    </ModalDialog>
  );
}
