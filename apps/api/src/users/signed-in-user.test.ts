import { readOutbox } from '@launchkit/mail';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { outboxOf } from '#api/test/test-invitations.ts';
import { mailSettled } from '#api/test/test-mail.ts';
import { setPlan, type TestUser } from '#api/test/test-users.ts';

// The signed-in check (signed-in-user.ts): every signed-in route ensures the caller's user record at
// authentication, whatever the route; the instance then remembers that the record exists, never what
// it holds.

const suite = useAppWithIdentity();

const call = (person: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  suite.testApp.app.inject({ method, url, payload, headers: { authorization: `Bearer ${person.token}` } });

const recordOf = async (person: TestUser) =>
  suite.testApp.db.select().from(users).where(eq(users.id, person.uid));

describe('the signed-in check', () => {
  it.each([
    ['GET', '/api/items'],
    ['POST', '/api/items', { name: 'First thing' }],
    ['GET', '/api/workspaces'],
    ['GET', '/api/sub-users'],
    ['GET', '/api/activity'],
  ] as const)(
    'creates the record on a new person’s first call, %s %s, with the provider’s email',
    async (method, url, payload?: object) => {
      const person = await suite.newUser();
      expect(await recordOf(person)).toHaveLength(0);
      const response = await call(person, method, url, payload);
      expect(response.statusCode).toBeLessThan(300);
      expect(await recordOf(person)).toMatchObject([{ id: person.uid, email: person.email }]);
    },
  );

  it('welcomes a new person by mail once, however many first calls race', async () => {
    const person = await suite.newUser();
    const responses = await Promise.all(Array.from({ length: 5 }, () => call(person, 'GET', '/api/user')));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await call(person, 'GET', '/api/items');
    await mailSettled(suite.testApp.db);
    const welcomes = (await readOutbox(outboxOf(suite), { to: person.email })).filter(
      (mail) => mail.subject === 'Welcome to Launchkit',
    );
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]?.html).toContain(`href="${suite.testApp.config.site.origin}/dashboard"`);
  });

  it('reads the record’s contents fresh on every request that needs them (a plan written meanwhile shows)', async () => {
    const person = await suite.newUser();
    expect((await call(person, 'GET', '/api/user')).json().data).toMatchObject({ planIsActive: false });
    await setPlan(suite.testApp.db, person.uid, {
      stripePriceId: 'price_pro',
      stripeSubscriptionStatus: 'active',
    });
    expect((await call(person, 'GET', '/api/items')).statusCode).toBe(200);
    expect((await call(person, 'GET', '/api/user')).json().data).toMatchObject({ planIsActive: true });
  });

  it('creates nothing for a request without a valid token', async () => {
    const person = await suite.newUser();
    const response = await call({ ...person, token: `${person.token}x` }, 'GET', '/api/items');
    expect(response.statusCode).toBe(401);
    expect(await recordOf(person)).toHaveLength(0);
  });
});
