import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { errorBody } from '#api/test/error-envelope.ts';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';
import type { TestUser } from '#api/test/test-users.ts';

const suite = useAppWithIdentity({ ITEMS_PER_USER_MAX: '3' });
const { newUser } = suite;

const createItem = (app: TestApp, person: TestUser, name: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ name }),
  });

const itemCount = async (person: TestUser) =>
  (await suite.testApp.db.select({ n: count() }).from(items).where(eq(items.owner, person.uid)))[0]?.n;

const limitReached = errorBody(
  'items/limit-reached',
  'You have reached the limit of 3 items. Delete some items to add new ones.',
);

describe('the number of items per user (ITEMS_PER_USER_MAX)', () => {
  it('refuses the item past the limit with 409 items/limit-reached, and accepts one again after a delete', async () => {
    const person = await newUser();
    const created: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const response = await createItem(suite.testApp, person, name);
      expect(response.statusCode).toBe(201);
      created.push(response.json().data.id);
    }
    const refused = await createItem(suite.testApp, person, 'Four');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(limitReached);
    expect(await itemCount(person)).toBe(3);

    // Another person's items are theirs to count.
    expect((await createItem(suite.testApp, await newUser(), 'Elsewhere')).statusCode).toBe(201);

    const deleted = await suite.testApp.app.inject({
      method: 'DELETE',
      url: `/api/items/${created[0]}`,
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await createItem(suite.testApp, person, 'Four, after a delete')).statusCode).toBe(201);
    expect(await itemCount(person)).toBe(3);
  });

  it('holds under 10 concurrent creates: exactly 3 are made, the others refused', async () => {
    const person = await newUser();
    // The user document exists, as after the first visit: the creates then race only for the limit.
    await suite.testApp.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${person.token}` },
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => createItem(suite.testApp, person, `Concurrent ${index}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(answer.json()).toEqual(limitReached);
    }
    expect(await itemCount(person)).toBe(3);
  });

  it('holds for a brand-new user whose first writes race to create the user document', async () => {
    const person = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => createItem(suite.testApp, person, `First ${index}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(7);
    expect(await itemCount(person)).toBe(3);
  });

  it('is 1,000 items by default, and says so', async () => {
    const defaults = await startTestApp(suite.identity.appEnv, { database: suite.testApp.database });
    try {
      const person = await newUser();
      expect((await createItem(defaults, person, 'The first')).statusCode).toBe(201);
      await defaults.db
        .insert(items)
        .values(Array.from({ length: 999 }, (_, index) => ({ owner: person.uid, name: `Bulk ${index}` })));
      const refused = await createItem(defaults, person, 'One too many');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        ...limitReached,
        message: 'You have reached the limit of 1,000 items. Delete some items to add new ones.',
      });
    } finally {
      await defaults.close();
    }
  });
});
