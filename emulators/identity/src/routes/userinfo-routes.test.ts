import { beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testTenant, useTestIdentity } from '#identity/test/test-identity.ts';

// Two a minute after a burst of 4 (Auth0: 5 a minute after 10).
const identity = useTestIdentity({ IDENTITY_USERINFO_REQUESTS_PER_MINUTE: '2' });
let tokens: string[];
beforeAll(async () => {
  await identity.signUp('katherine@example.com');
  await identity.signUp('dorothy@example.com');
  tokens = [
    (await identity.passwordLogin('katherine@example.com', testTenant.goodPassword)).json().access_token,
    (
      await identity.passwordLogin('katherine@example.com', testTenant.goodPassword, { ip: '198.51.100.20' })
    ).json().access_token,
  ];
});

const userinfo = (token: string, ip?: string) =>
  identity.app.inject({
    method: 'GET',
    url: '/userinfo',
    headers: { authorization: `Bearer ${token}` },
    ...(ip ? { remoteAddress: ip } : {}),
  });

describe("/userinfo's rate limit", () => {
  it('counts per user, whatever the token or address, with x-ratelimit-* headers, then 429', async () => {
    const [first = '', second = ''] = tokens;
    const answers = [
      await userinfo(first),
      await userinfo(second, '198.51.100.20'),
      await userinfo(first),
      await userinfo(second),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual(['3', '2', '1', '0']);
    expect(answers[0]?.headers['x-ratelimit-limit']).toBe('4');

    const refused = await userinfo(first, '198.51.100.21');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'too_many_requests',
      error_description: "You passed the limit of allowed calls to '/userinfo' with the same user.",
    });
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    const reset = Number(refused.headers['x-ratelimit-reset']);
    // The bucket is full again after 4 requests at 2 a minute: two minutes from now.
    expect(reset).toBeGreaterThan(Date.now() / 1000 + 100);
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 121);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(30);

    // Another user has a budget of its own.
    const other = (await identity.passwordLogin('dorothy@example.com', testTenant.goodPassword)).json()
      .access_token;
    expect((await userinfo(other)).statusCode).toBe(200);
  });

  it('is not counted for tokens it refuses', async () => {
    const refused = await userinfo('not-a-token');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('IDENTITY_RATE_LIMITS=off', () => {
  it('turns every limit off', async () => {
    const unlimited = await startTestIdentity({ IDENTITY_RATE_LIMITS: 'off' });
    try {
      await unlimited.signUp('mary@example.com');
      const token = (await unlimited.passwordLogin('mary@example.com', testTenant.goodPassword)).json()
        .access_token;
      for (let call = 0; call < 12; call += 1) {
        const answer = await unlimited.app.inject({
          method: 'GET',
          url: '/userinfo',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await unlimited.destroy();
    }
  });
});
