import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { successEnvelope } from './envelope.ts';
import { emailAddress, text, timestamp } from './fields.ts';

const personName = (required: string, label: string) => text({ label, max: 100, messages: { required } });

export const createSubUserRequest = z
  .strictObject({
    firstName: personName('Please enter a first name', 'first name'),
    lastName: personName('Please enter a last name', 'last name'),
    email: emailAddress,
  })
  .meta({ id: 'CreateSubUserRequest' });

/** A UserManagement record (§3) as the browser sees it. */
export const subUser = z
  .object({
    id: z.uuid(),
    owner: z.string().describe("The owner's uid."),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    createdAt: timestamp,
  })
  .meta({ id: 'SubUser' });

export type CreateSubUserRequest = z.output<typeof createSubUserRequest>;
export type SubUser = z.output<typeof subUser>;

export const subUserEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/sub-users',
    id: 'listSubUsers',
    tag: 'User management',
    summary: 'The people the caller added',
    auth: 'bearer',
    answer: { status: 200, description: 'The sub-users.', schema: successEnvelope(z.array(subUser)) },
  }),
  endpoint({
    method: 'POST',
    path: '/api/sub-users',
    id: 'createSubUser',
    tag: 'User management',
    summary: 'Adds a person, within the seats of the caller’s plan',
    auth: 'bearer',
    request: { body: createSubUserRequest },
    answer: { status: 201, description: 'The new sub-user.', schema: successEnvelope(subUser) },
    errors: { 409: ['seats/limit-reached', 'sub-users/duplicate-email'] },
  }),
];
