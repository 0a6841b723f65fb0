import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activity, scimUsers, subUsers } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { mailSettled } from '#api/test/test-mail.ts';
import { patchSchema, scimKit, userSchema } from '#api/test/test-scim.ts';
import { onPlan, setPlan } from '#api/test/test-users.ts';

const suite = useAppWithIdentity();
const kit = scimKit(suite);
const { scim, call, provisionedWorkspace, createUser, expectScimError } = kit;
const db = () => suite.testApp.db;

const membersOf = async (owner: string) =>
  (await db().select({ n: count() }).from(subUsers).where(eq(subUsers.owner, owner)))[0]?.n ?? 0;

/** Everything a refused SCIM call must leave as it was: the workspace's people, Users and log. */
async function stateOf(owner: string) {
  // An invitation's mail writes its link's hash as it is sent: let it, before the state is read.
  await mailSettled(db());
  return {
    members: await db().select().from(subUsers).where(eq(subUsers.owner, owner)).orderBy(subUsers.id),
    users: await db().select().from(scimUsers).where(eq(scimUsers.workspace, owner)).orderBy(scimUsers.id),
    log: (await db().select({ n: count() }).from(activity).where(eq(activity.workspace, owner)))[0]?.n,
  };
}

describe('the seat limit', () => {
  it('refuses a User past the seats with a SCIM error that says how to add seats', async () => {
    const { owner, secret } = await provisionedWorkspace(1);
    await createUser(secret, 'first@example.com');
    const before = await stateOf(owner.uid);
    const refused = await scim(secret, 'POST', '/Users', {
      schemas: [userSchema],
      userName: 'second@example.com',
    });
    const detail = expectScimError(refused, 403);
    expect(detail).toBe(
      "All 1 seats of the workspace's plan are taken. Its owner adds seats in Settings → Plan, or deactivates someone; then provision this person again.",
    );
    expect(await stateOf(owner.uid)).toEqual(before);
    // A deactivation frees the seat: the second person then fits.
    const first = (
      await scim(secret, 'GET', `/Users?filter=${encodeURIComponent('userName eq "first@example.com"')}`)
    ).json().Resources[0];
    await scim(secret, 'PATCH', `/Users/${first.id}`, {
      schemas: [patchSchema],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    await createUser(secret, 'second@example.com');
    // …and the first cannot come back while the second holds it.
    const back = await scim(secret, 'PATCH', `/Users/${first.id}`, {
      schemas: [patchSchema],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expectScimError(back, 403);
    expect((await scim(secret, 'GET', `/Users/${first.id}`)).json().active).toBe(false);
  });

  it('gives the last seat to one of two concurrent creates', async () => {
    const { owner, secret } = await provisionedWorkspace(2);
    await createUser(secret, 'one@example.com');
    const answers = await Promise.all(
      ['racer-a@example.com', 'racer-b@example.com'].map((email) =>
        scim(secret, 'POST', '/Users', { schemas: [userSchema], userName: email }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403]);
    expect(await membersOf(owner.uid)).toBe(2);
    expect(
      (await db().select({ n: count() }).from(scimUsers).where(eq(scimUsers.workspace, owner.uid)))[0]?.n,
    ).toBe(2);
  });
});

describe('deprovisioning', () => {
  it("ends the person's sessions and keys at once, whether deactivated or deleted", async () => {
    for (const how of ['deactivate', 'delete'] as const) {
      const { owner, secret } = await provisionedWorkspace();
      const person = await suite.newUser();
      const user = await createUser(secret, person.email);
      expect((await kit.accept(person, await kit.tokenMailedTo(person.email))).statusCode).toBe(200);
      // An admin (through the admin group) who made an API key of the workspace.
      await scim(secret, 'PATCH', '/Groups/admin', {
        schemas: [patchSchema],
        Operations: [{ op: 'add', path: 'members', value: [{ value: user.id }] }],
      });
      const key = await call(person, 'POST', `/api/api-keys?workspace=${owner.uid}`, {
        name: 'Sync',
        role: 'member',
      });
      expect(key.statusCode, key.body).toBe(201);
      const secretOfKey = key.json().data.secret as string;
      const withKey = () =>
        suite.testApp.app.inject({
          method: 'GET',
          url: '/api/items',
          headers: { authorization: `Bearer ${secretOfKey}` },
        });
      expect((await withKey()).statusCode).toBe(200);
      expect((await call(person, 'GET', '/api/user')).statusCode).toBe(200);

      const ended =
        how === 'deactivate'
          ? await scim(secret, 'PATCH', `/Users/${user.id}`, {
              schemas: [patchSchema],
              Operations: [{ op: 'replace', value: { active: false } }],
            })
          : await scim(secret, 'DELETE', `/Users/${user.id}`);
      expect(ended.statusCode, ended.body).toBe(how === 'deactivate' ? 200 : 204);

      const signedOut = await call(person, 'GET', '/api/user');
      expect(signedOut.statusCode, how).toBe(401);
      expect(signedOut.json().code).toBe('auth/invalid-user-token');
      const revoked = await withKey();
      expect(revoked.statusCode, how).toBe(401);
      expect(revoked.json().code).toBe('auth/api-key-revoked');
      expect(await membersOf(owner.uid)).toBe(0);
    }
  });
});

describe('tokens', () => {
  it("keep a token to its own workspace: another's Users are not found, and nothing changes", async () => {
    const mine = await provisionedWorkspace();
    const theirs = await provisionedWorkspace();
    const theirUser = await createUser(theirs.secret, 'theirs@example.com');
    const before = await stateOf(theirs.owner.uid);
    expectScimError(await scim(mine.secret, 'GET', `/Users/${theirUser.id}`), 404);
    expectScimError(
      await scim(mine.secret, 'PATCH', `/Users/${theirUser.id}`, {
        schemas: [patchSchema],
        Operations: [{ op: 'replace', path: 'active', value: false }],
      }),
      404,
    );
    expectScimError(
      await scim(mine.secret, 'PUT', `/Users/${theirUser.id}`, {
        userName: 'theirs@example.com',
        active: false,
      }),
      404,
    );
    expectScimError(await scim(mine.secret, 'DELETE', `/Users/${theirUser.id}`), 404);
    expectScimError(
      await scim(mine.secret, 'PATCH', '/Groups/admin', {
        schemas: [patchSchema],
        Operations: [{ op: 'add', path: 'members', value: [{ value: theirUser.id }] }],
      }),
      400,
      'invalidValue',
    );
    const listed = await scim(
      mine.secret,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "theirs@example.com"')}`,
    );
    expect(listed.json().totalResults).toBe(0);
    expect(await stateOf(theirs.owner.uid)).toEqual(before);
  });

  it('refuses a revoked token, an unknown one, an API key, and a workspace whose plan lapsed (401, 403)', async () => {
    const { owner, secret, id } = await provisionedWorkspace();
    expect((await scim(secret, 'GET', '/Users')).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/scim-tokens/${id}`)).statusCode).toBe(200);
    expectScimError(await scim(secret, 'GET', '/Users'), 401);
    expectScimError(await scim(secret, 'POST', '/Users', { userName: 'late@example.com' }), 401);
    expectScimError(await scim(`scim_aaaaaaaa_${'A'.repeat(43)}`, 'GET', '/Users'), 401);
    expectScimError(await scim(`lk_aaaaaaaa_${'A'.repeat(43)}`, 'GET', '/Users'), 401);
    const noHeader = await suite.testApp.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expectScimError(noHeader, 401);

    const lapsed = await provisionedWorkspace();
    await setPlan(db(), lapsed.owner.uid, { ...onPlan('business'), stripeSubscriptionStatus: 'canceled' });
    expectScimError(await scim(lapsed.secret, 'GET', '/Users'), 403);
  });
});

describe('bad input', () => {
  it('answers malformed JSON, an unknown filter and a bad PATCH path with a SCIM 400, and changes nothing', async () => {
    const { owner, secret } = await provisionedWorkspace();
    const user = await createUser(secret, 'steady@example.com');
    const before = await stateOf(owner.uid);

    expectScimError(
      await scim(secret, 'POST', '/Users', '{"userName": "x@example.com",'),
      400,
      'invalidSyntax',
    );
    expectScimError(await scim(secret, 'POST', '/Users', '[]'), 400, 'invalidSyntax');
    expectScimError(
      await scim(secret, 'POST', '/Users', { userName: 'not an address' }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim(secret, 'GET', `/Users?filter=${encodeURIComponent('userName co "jensen"')}`),
      400,
      'invalidFilter',
    );
    expectScimError(
      await scim(secret, 'GET', `/Users?filter=${encodeURIComponent('title eq "Boss"')}`),
      400,
      'invalidFilter',
    );
    // A good operation before a bad one: neither is applied.
    const badPath = await scim(secret, 'PATCH', `/Users/${user.id}`, {
      schemas: [patchSchema],
      Operations: [
        { op: 'replace', path: 'active', value: false },
        { op: 'replace', path: 'favouriteColour', value: 'green' },
      ],
    });
    expectScimError(badPath, 400, 'invalidPath');
    // Each malformed operation alone, with the SCIM error type it is answered with.
    const badOperations: [Record<string, unknown>, string][] = [
      [{ op: 'replace', path: 'name[', value: 'x' }, 'invalidPath'],
      [{ op: 'move', path: 'active' }, 'invalidValue'],
      [{ op: 'remove' }, 'noTarget'],
      [{ op: 'replace', path: 'active', value: 'maybe' }, 'invalidValue'],
    ];
    for (const [operation, scimType] of badOperations) {
      const answer = await scim(secret, 'PATCH', `/Users/${user.id}`, {
        schemas: [patchSchema],
        Operations: [operation],
      });
      expectScimError(answer, 400, scimType);
    }
    expectScimError(await scim(secret, 'GET', '/Widgets'), 404);
    expect(await stateOf(owner.uid)).toEqual(before);
    expect((await scim(secret, 'GET', `/Users/${user.id}`)).json().active).toBe(true);
  });
});
