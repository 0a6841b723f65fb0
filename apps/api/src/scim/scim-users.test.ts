import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activity, scimUsers, subUsers } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { patchSchema, scimKit, userSchema } from '#api/test/test-scim.ts';

const suite = useAppWithIdentity();
const kit = scimKit(suite);
const { scim, provisionedWorkspace, createUser, expectScimError } = kit;
const db = () => suite.testApp.db;

const membershipOf = async (owner: string, email: string) =>
  (
    await db()
      .select({ role: subUsers.role, memberId: subUsers.memberId })
      .from(subUsers)
      .where(and(eq(subUsers.owner, owner), eq(subUsers.email, email)))
  )[0];

describe('SCIM Users (RFC 7644)', () => {
  it('creates a User as RFC 7644 §3.3 shows, and the person is invited as a member', async () => {
    const { owner, secret } = await provisionedWorkspace();
    // RFC 7644 §3.3's example, with the userName an email address: the person's address here.
    const response = await scim(secret, 'POST', '/Users', {
      schemas: [userSchema],
      userName: 'BJensen@example.com',
      externalId: 'bjensen',
      name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/scim\+json/);
    const user = response.json();
    expect(user).toMatchObject({
      schemas: [userSchema],
      userName: 'bjensen@example.com',
      externalId: 'bjensen',
      name: { givenName: 'Barbara', familyName: 'Jensen' },
      active: true,
      groups: [{ value: 'member', display: 'member' }],
      meta: {
        resourceType: 'User',
        location: expect.stringMatching(new RegExp(`/scim/v2/Users/${user.id}$`)),
      },
    });
    expect(response.headers.location).toBe(user.meta.location);
    expect(await membershipOf(owner.uid, 'bjensen@example.com')).toEqual({ role: 'member', memberId: null });
    // The invitation's mail goes out as an add from the product sends it.
    expect(await kit.tokenMailedTo('bjensen@example.com')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const read = await scim(secret, 'GET', `/Users/${user.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(user);
  });

  it('refuses a second User of the same userName with uniqueness, whatever its case', async () => {
    const { secret } = await provisionedWorkspace();
    await createUser(secret, 'ada@example.com');
    const again = await scim(secret, 'POST', '/Users', {
      schemas: [userSchema],
      userName: 'ADA@example.com',
    });
    expectScimError(again, 409, 'uniqueness');
  });

  it('filters by userName and externalId (RFC 7644 §3.4.2.2) and pages with startIndex and count', async () => {
    const { secret } = await provisionedWorkspace();
    const bjensen = await createUser(secret, 'bjensen@example.com', { externalId: 'ext-1' });
    await createUser(secret, 'jsmith@example.com');
    await createUser(secret, 'akahn@example.com');

    const byName = await scim(
      secret,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "BJENSEN@example.com"')}`,
    );
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [{ id: bjensen.id }],
    });
    const byExternal = await scim(
      secret,
      'GET',
      `/Users?filter=${encodeURIComponent('externalId eq "ext-1"')}`,
    );
    expect(byExternal.json().Resources.map((user: { id: string }) => user.id)).toEqual([bjensen.id]);
    const nobody = await scim(
      secret,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`,
    );
    expect(nobody.json()).toMatchObject({ totalResults: 0, Resources: [] });

    const second = await scim(secret, 'GET', '/Users?startIndex=2&count=1');
    expect(second.json()).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(second.json().Resources[0].userName).toBe('jsmith@example.com');
    const totals = await scim(secret, 'GET', '/Users?count=0');
    expect(totals.json()).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
  });

  it('patches names and externalId (RFC 7644 §3.5.2), ignoring attributes it does not keep', async () => {
    const { secret } = await provisionedWorkspace();
    const user = await createUser(secret, 'babs@example.com');
    const response = await scim(secret, 'PATCH', `/Users/${user.id}`, {
      schemas: [patchSchema],
      Operations: [
        { op: 'replace', path: 'name.familyName', value: 'Jensen-Smith' },
        { op: 'add', value: { nickName: 'Babs', externalId: 'babs-1' } },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'babs@example.com' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: { givenName: 'Barbara', familyName: 'Jensen-Smith' },
      externalId: 'babs-1',
      active: true,
    });
  });

  it('deactivates with active false, as Okta sends it and as Entra ID does ("False", Replace), and reactivates', async () => {
    const { owner, secret } = await provisionedWorkspace();
    const okta = await createUser(secret, 'okta-user@example.com');
    const entra = await createUser(secret, 'entra-user@example.com');

    const byOkta = await scim(secret, 'PATCH', `/Users/${okta.id}`, {
      schemas: [patchSchema],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(byOkta.statusCode, byOkta.body).toBe(200);
    expect(byOkta.json()).toMatchObject({ active: false, groups: [] });
    const byEntra = await scim(secret, 'PATCH', `/Users/${entra.id}`, {
      schemas: [patchSchema],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(byEntra.json()).toMatchObject({ active: false });
    // Deactivated: no membership, so no seat; the User stays readable for the provider.
    expect(await membershipOf(owner.uid, 'okta-user@example.com')).toBeUndefined();
    expect(await membershipOf(owner.uid, 'entra-user@example.com')).toBeUndefined();
    expect((await scim(secret, 'GET', `/Users/${entra.id}`)).json()).toMatchObject({ active: false });

    const again = await scim(secret, 'PATCH', `/Users/${entra.id}`, {
      schemas: [patchSchema],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(again.json()).toMatchObject({ active: true });
    expect(await membershipOf(owner.uid, 'entra-user@example.com')).toEqual({
      role: 'member',
      memberId: null,
    });
  });

  it('replaces a User with PUT, deactivating it when active is false, and refuses a new userName', async () => {
    const { owner, secret } = await provisionedWorkspace();
    const user = await createUser(secret, 'put@example.com');
    const replaced = await scim(secret, 'PUT', `/Users/${user.id}`, {
      schemas: [userSchema],
      userName: 'put@example.com',
      name: { givenName: 'Pat', familyName: 'Put' },
      active: false,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ name: { givenName: 'Pat', familyName: 'Put' }, active: false });
    expect(await membershipOf(owner.uid, 'put@example.com')).toBeUndefined();
    const renamed = await scim(secret, 'PUT', `/Users/${user.id}`, {
      schemas: [userSchema],
      userName: 'other@example.com',
    });
    expectScimError(renamed, 400, 'mutability');
  });

  it('deletes a User: the membership and the resource are gone, and the log names the token', async () => {
    const { owner, secret, id: tokenId } = await provisionedWorkspace();
    const user = await createUser(secret, 'gone@example.com');
    const deleted = await scim(secret, 'DELETE', `/Users/${user.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expectScimError(await scim(secret, 'GET', `/Users/${user.id}`), 404);
    expect(await db().select().from(scimUsers).where(eq(scimUsers.id, user.id))).toEqual([]);
    expect(await membershipOf(owner.uid, 'gone@example.com')).toBeUndefined();
    const log = await db()
      .select({
        action: activity.action,
        actorId: activity.actorId,
        actorEmail: activity.actorEmail,
        subject: activity.subject,
      })
      .from(activity)
      .where(and(eq(activity.workspace, owner.uid), eq(activity.subject, 'gone@example.com')));
    expect(log).toEqual([
      {
        action: 'member.invited',
        actorId: `scim-token:${tokenId}`,
        actorEmail: expect.stringMatching(/^SCIM token scim_[a-z0-9]{8}$/),
        subject: 'gone@example.com',
      },
      {
        action: 'member.invitation-withdrawn',
        actorId: `scim-token:${tokenId}`,
        actorEmail: expect.stringMatching(/^SCIM token scim_/),
        subject: 'gone@example.com',
      },
    ]);
  });
});

describe('SCIM Groups: the roles', () => {
  it('lists the three roles, finds one by displayName, and sets roles by membership (RFC 7644 §3.5.2)', async () => {
    const { owner, secret, id: tokenId } = await provisionedWorkspace();
    const user = await createUser(secret, 'grouped@example.com');
    const list = await scim(secret, 'GET', '/Groups');
    expect(list.json().Resources.map((group: { id: string }) => group.id)).toEqual([
      'admin',
      'member',
      'viewer',
    ]);
    const found = await scim(
      secret,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "Admins"')}`,
    );
    expect(found.json()).toMatchObject({
      totalResults: 1,
      Resources: [{ id: 'admin', displayName: 'admin', members: [] }],
    });

    // RFC 7644 §3.5.2.1's example: add a member.
    const added = await scim(secret, 'PATCH', '/Groups/admin', {
      schemas: [patchSchema],
      Operations: [{ op: 'add', path: 'members', value: [{ display: 'Babs Jensen', value: user.id }] }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().members).toEqual([expect.objectContaining({ value: user.id })]);
    expect(await membershipOf(owner.uid, 'grouped@example.com')).toMatchObject({ role: 'admin' });
    const [changed] = await db()
      .select({ actorId: activity.actorId, previous: activity.previous })
      .from(activity)
      .where(and(eq(activity.workspace, owner.uid), eq(activity.action, 'member.role_changed')));
    expect(changed).toEqual({ actorId: `scim-token:${tokenId}`, previous: 'member' });

    // RFC 7644 §3.5.2.2's example: remove one member by a value filter; they are a member again.
    const removed = await scim(secret, 'PATCH', '/Groups/admin', {
      schemas: [patchSchema],
      Operations: [{ op: 'remove', path: `members[value eq "${user.id}"]` }],
    });
    expect(removed.json().members).toEqual([]);
    expect(await membershipOf(owner.uid, 'grouped@example.com')).toMatchObject({ role: 'member' });

    const put = await scim(secret, 'PUT', '/Groups/viewer', {
      displayName: 'viewer',
      members: [{ value: user.id }],
    });
    expect(put.json().members.map((member: { value: string }) => member.value)).toEqual([user.id]);
    expect(await membershipOf(owner.uid, 'grouped@example.com')).toMatchObject({ role: 'viewer' });
  });

  it('has no owner group, refuses another group name, a renamed role and a deleted one', async () => {
    const { secret } = await provisionedWorkspace();
    expectScimError(await scim(secret, 'GET', '/Groups/owner'), 404);
    expectScimError(await scim(secret, 'POST', '/Groups', { displayName: 'owner' }), 400, 'invalidValue');
    expectScimError(
      await scim(secret, 'POST', '/Groups', { displayName: 'Engineering' }),
      400,
      'invalidValue',
    );
    const rename = await scim(secret, 'PATCH', '/Groups/admin', {
      schemas: [patchSchema],
      Operations: [{ op: 'replace', path: 'displayName', value: 'owner' }],
    });
    expectScimError(rename, 400, 'mutability');
    expectScimError(await scim(secret, 'DELETE', '/Groups/admin'), 400, 'mutability');
  });
});

describe('SCIM discovery (RFC 7644 §4)', () => {
  it('answers ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const { secret } = await provisionedWorkspace();
    const config = await scim(secret, 'GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
    const types = await scim(secret, 'GET', '/ResourceTypes');
    expect(types.json().Resources.map((type: { endpoint: string }) => type.endpoint)).toEqual([
      '/Users',
      '/Groups',
    ]);
    const schemas = await scim(secret, 'GET', '/Schemas');
    expect(schemas.json().Resources.map((schema: { name: string }) => schema.name)).toEqual([
      'User',
      'Group',
    ]);
  });
});
