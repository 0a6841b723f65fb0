import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scimTokens } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { scimKit } from '#api/test/test-scim.ts';
import { expectScimTokenRateLimit } from '#api/test/test-scim-limits.ts';
import { onPlan } from '#api/test/test-users.ts';

// A budget of 3 requests a minute per token, so the suite reaches it.
const suite = useAppWithIdentity({ SCIM_RATE_LIMIT_PER_MINUTE: '3' });
const kit = scimKit(suite);
const { call, scim, provisionedWorkspace, expectScimError } = kit;

describe('SCIM tokens in Settings → Provisioning', () => {
  it('are made by the owner, shown once, kept as a hash, listed by prefix, and revoked', async () => {
    const owner = await kit.ownerWithSeats(5, onPlan('business'));
    const made = await call(owner, 'POST', '/api/scim-tokens', {});
    expect(made.statusCode, made.body).toBe(201);
    const { token, secret } = made.json().data;
    expect(secret).toMatch(/^scim_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(token).toEqual({
      id: expect.any(String),
      prefix: secret.slice(0, 13),
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const [row] = await suite.testApp.db.select().from(scimTokens).where(eq(scimTokens.id, token.id));
    expect(row?.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = await call(owner, 'GET', '/api/scim-tokens');
    expect(listed.json().data).toEqual([token]);
    expect(listed.body).not.toContain(secret);

    expect((await call(owner, 'POST', '/api/scim-tokens', {})).statusCode).toBe(201);
    const third = await call(owner, 'POST', '/api/scim-tokens', {});
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('scim-tokens/limit-reached');

    const revoked = await call(owner, 'DELETE', `/api/scim-tokens/${token.id}`);
    expect(revoked.json()).toEqual({ status: 'success', data: { id: token.id } });
    expect((await call(owner, 'DELETE', `/api/scim-tokens/${token.id}`)).json().code).toBe(
      'scim-tokens/not-found',
    );
    expectScimError(await scim(secret, 'GET', '/Users'), 401);
  });

  it('need the business plan', async () => {
    for (const plan of [{}, onPlan('pro')]) {
      const owner = await kit.ownerWithSeats(5, plan);
      const refused = await call(owner, 'POST', '/api/scim-tokens', {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('scim-tokens/plan-required');
    }
  });

  it('are refused by the product API: a SCIM token is no access token', async () => {
    const { secret } = await provisionedWorkspace();
    const response = await suite.testApp.app.inject({
      method: 'GET',
      url: '/api/items',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('each have a budget of requests a minute, past which SCIM answers 429 in its shape', async () => {
    const { secret } = await provisionedWorkspace();
    const other = await provisionedWorkspace();
    await expectScimTokenRateLimit({ scim, expectScimError }, secret, 3);
    // Another workspace's token has a budget of its own.
    expect((await scim(other.secret, 'GET', '/Users')).statusCode).toBe(200);
  });
});
