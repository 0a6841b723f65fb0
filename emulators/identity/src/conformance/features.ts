import { authorizeFeatures } from './checks-authorize.ts';
import { discoveryFeatures } from './checks-discovery.ts';
import { enterpriseFeatures } from './checks-enterprise.ts';
import { managementFeatures } from './checks-management.ts';
import { mfaFeatures } from './checks-mfa.ts';
import { organizationFeatures } from './checks-organizations.ts';
import { passkeyFeatures } from './checks-passkeys.ts';
import { sessionFeatures } from './checks-sessions.ts';
import { tokenFeatures } from './checks-tokens.ts';
import { dbConnectionFeatures, userinfoFeatures } from './checks-userinfo-dbconnections.ts';
import type { Feature } from './feature-check.ts';

/**
 * Every feature the conformance suite checks, in the order it runs them: the brute-force check blocks a
 * user that the login rate limit and the user-blocks checks go on with.
 */
export const features: Feature[] = [
  ...discoveryFeatures,
  ...tokenFeatures,
  ...userinfoFeatures,
  ...dbConnectionFeatures,
  ...managementFeatures,
  ...authorizeFeatures,
  ...mfaFeatures,
  ...passkeyFeatures,
  ...sessionFeatures,
  ...organizationFeatures,
  ...enterpriseFeatures,
];
