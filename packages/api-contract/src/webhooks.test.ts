import { describe, expect, it } from 'vitest';
import { apiDocument } from './endpoints.ts';
import { apiVersion } from './openapi.ts';
import { formerWebhookEventTypes, webhookEventTypes } from './webhook-events.ts';

describe('the OpenAPI document’s webhooks', () => {
  it('describes each event as a signed POST with its payload', () => {
    const document = apiDocument({ developmentRoutes: false });
    expect(Object.keys(document.webhooks ?? {})).toEqual([...webhookEventTypes]);
    const joined = document.webhooks?.['member.joined']?.post as {
      parameters: { name: string; in: string }[];
      requestBody: { content: { 'application/json': { schema: { $ref: string } } } };
    };
    expect(joined.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
      'header:webhook-id',
      'header:webhook-timestamp',
      'header:webhook-signature',
    ]);
    expect(joined.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/MemberJoinedEvent',
    });
    expect(document.components.schemas.MemberJoinedEvent).toMatchObject({
      required: ['id', 'type', 'created_at', 'workspace', 'data'],
      properties: { type: { const: 'member.joined' } },
    });
  });

  it('says in which API version an event got its name, and what it was called before', () => {
    const document = apiDocument({ developmentRoutes: false });
    expect(document.info.version).toBe(apiVersion);
    expect(document.webhooks?.['item.updated']).toBeUndefined();
    for (const [former, now] of Object.entries(formerWebhookEventTypes)) {
      expect(document.webhooks?.[now]?.post?.description).toContain(`Before API ${apiVersion}`);
      expect(document.webhooks?.[now]?.post?.description).toContain(`\`${former}\``);
    }
  });
});
