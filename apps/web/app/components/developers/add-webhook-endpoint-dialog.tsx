import { webhookEventsField, webhookUrlField } from '@launchkit/api-contract/field-rules';
import {
  type WebhookEventType,
  webhookEventLabels,
  webhookEventTypes,
} from '@launchkit/api-contract/webhook-events';
import { checkboxClasses } from '#web/components/forms/checkbox.ts';
import { ChoiceGroup } from '#web/components/forms/choice-group.tsx';
import { FormDialog } from '#web/components/forms/form-dialog.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { createWebhookEndpoint, type WebhookEndpoint } from '#web/lib/webhooks.ts';

type Values = { url: string; description: string; events: WebhookEventType[] };

const addLabels = { idle: 'Add endpoint', busy: 'Adding…' };

/**
 * Registers an endpoint: its address, what it is for, and the events it receives. The server checks
 * the address (https; in production a public host; not one the workspace has an endpoint for) and
 * names the field it refuses (the error envelope's `fields`: `url` for `webhooks/url-refused` and
 * `webhooks/endpoint-exists`, `events` for none chosen): useAppForm shows each message under its field
 * as soon as the answer comes, linked to it (aria-describedby, aria-invalid) and the field focused. Only
 * a refusal of no field (the plan's number of endpoints) is the form's alert.
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
  const form = useAppForm<Values>({ url: '', description: '', events: [] });
  const { requiredProps, fieldProps, submitWith } = form;
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
    <FormDialog
      titleId="add-webhook-endpoint-title"
      title="Add a webhook endpoint"
      description="The product posts a signed JSON event to this address each time one of the chosen events happens in this workspace."
      onClose={onClose}
      testId="add-webhook-endpoint-dialog"
      form={form}
      onSubmit={onSubmit}
      labels={addLabels}
    >
      <TextField
        id="webhook-url"
        label="Endpoint URL"
        type="url"
        hint="https:// (plain http:// only for localhost, in development)."
        placeholder="https://example.com/webhooks/launchkit"
        {...requiredProps('url', webhookUrlField)}
      />
      <TextField id="webhook-description" label="Description" optional {...fieldProps('description')} />
      <EventChoices form={form} />
    </FormDialog>
  );
}

const eventsId = 'webhook-events';

/**
 * The events the endpoint receives, one checkbox each; at least one (webhookEventsField). The group's
 * error is under it (the fieldset's aria-describedby), and each checkbox is marked aria-invalid.
 */
function EventChoices({ form }: { form: ReturnType<typeof useAppForm<Values>> }) {
  const { error, isErrorAnnounced, ...checkbox } = form.fieldProps('events', {
    validate: (chosen) => chosen.length > 0 || webhookEventsField.required,
  });
  return (
    <ChoiceGroup id={eventsId} legend="Events" error={error} isErrorAnnounced={isErrorAnnounced}>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {webhookEventTypes.map((type) => (
          <label key={type} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              value={type}
              className={checkboxClasses}
              aria-invalid={error ? true : undefined}
              {...checkbox}
            />
            <span>
              {webhookEventLabels[type]} <code className="text-xs text-slate-600">{type}</code>
            </span>
          </label>
        ))}
      </div>
    </ChoiceGroup>
  );
}
