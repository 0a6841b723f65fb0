import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '#api/caller/authenticate.ts';
import type { DomainDeps } from '#api/domain-deps.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { impersonationSettingOf, listAccountViewings, setImpersonationSetting } from './account-viewings.ts';
import { disableCustomerWebhook } from './disable-customer-webhook.ts';
import { endCustomerSessions } from './end-customer-sessions.ts';
import { endImpersonation } from './end-impersonation.ts';
import { extendTrial } from './extend-trial.ts';
import { grantCredit } from './grant-credit.ts';
import { grantOperator } from './grant-operator.ts';
import { listOperatorAudit } from './list-operator-audit.ts';
import { setWorkspaceLock } from './lock-workspace.ts';
import { type OperatorDeps, requireOperator } from './require-operator.ts';
import { resendVerificationEmail } from './resend-verification-email.ts';
import { searchCustomers } from './search-customers.ts';
import { startImpersonation } from './start-impersonation.ts';
import { viewCustomerWorkspace } from './view-customer-workspace.ts';

type Deps = Pick<
  DomainDeps,
  'config' | 'db' | 'stripe' | 'plans' | 'management' | 'sessionEndings' | 'authenticate'
>;

/**
 * The back office (docs/operations.md, decisions 0052 and 0053): every route checks the operator first
 * (requireOperator), and every view and action is audited before it happens (audited.ts). Beside it,
 * the person's side: who viewed their account, and the owner's refusal of "view as".
 */
export function registerOperators(app: FastifyInstance, deps: Deps) {
  const { config, db, authenticate } = deps;
  const operatorDeps: OperatorDeps = {
    db,
    management: deps.management,
    identity: config.identity,
    operators: config.operators,
  };
  /** The operator, and what each action needs: the database and the request's log for the audit. */
  const operatorOf = async (request: FastifyRequest) => ({
    operator: await requireOperator(operatorDeps, request),
    audit: { db, log: request.log },
  });
  route(app, 'getOperatorSession', { authenticate }, async (_input, request) => {
    const { operator } = await operatorOf(request);
    return success({
      email: operator.email,
      signedInAt: new Date(operator.signedInAt * 1000).toISOString(),
      endsAt: new Date((operator.signedInAt + config.operators.signInMaxAgeSeconds) * 1000).toISOString(),
      viewAsMinutes: config.operators.impersonationSeconds / 60,
    });
  });
  route(app, 'searchCustomers', { authenticate }, async ({ query }, request) => {
    const { operator, audit } = await operatorOf(request);
    return success({ customers: await searchCustomers(audit, operator, query.q) });
  });
  route(app, 'getCustomerWorkspace', { authenticate }, async ({ params }, request) => {
    const { operator, audit } = await operatorOf(request);
    const view = { ...audit, stripe: deps.stripe, plans: deps.plans };
    return success(await viewCustomerWorkspace(view, operator, params.id));
  });
  route(app, 'listOperatorAudit', { authenticate }, async ({ query }, request) => {
    await operatorOf(request);
    return success({ entries: await listOperatorAudit(db, query.workspace) });
  });
  route(app, 'grantOperator', { authenticate }, async ({ body }, request) => {
    const { operator, audit } = await operatorOf(request);
    return success(await grantOperator(audit, operator, body));
  });
  registerWorkspaceActions(app, deps, operatorOf);
  registerImpersonationRoutes(app, deps, operatorOf);
}

type OperatorOf = (request: FastifyRequest) => Promise<{
  operator: Awaited<ReturnType<typeof requireOperator>>;
  audit: { db: Deps['db']; log: FastifyRequest['log'] };
}>;

function registerWorkspaceActions(app: FastifyInstance, deps: Deps, operatorOf: OperatorOf) {
  const { authenticate } = deps;
  route(app, 'extendTrial', { authenticate }, async ({ params, body }, request) => {
    const { operator, audit } = await operatorOf(request);
    return success(await extendTrial({ ...audit, stripe: deps.stripe }, operator, params.id, body));
  });
  route(app, 'grantCredit', { authenticate }, async ({ params, body }, request) => {
    const { operator, audit } = await operatorOf(request);
    return success(await grantCredit({ ...audit, stripe: deps.stripe }, operator, params.id, body));
  });
  for (const [id, isLocked] of [
    ['lockWorkspace', true],
    ['unlockWorkspace', false],
  ] as const) {
    route(app, id, { authenticate }, async ({ params, body }, request) => {
      const { operator, audit } = await operatorOf(request);
      return success(await setWorkspaceLock(audit, operator, params.id, { isLocked, reason: body.reason }));
    });
  }
  route(app, 'disableCustomerWebhookEndpoint', { authenticate }, async ({ params, body }, request) => {
    const { operator, audit } = await operatorOf(request);
    const target = { workspace: params.id, endpoint: params.endpoint };
    return success(await disableCustomerWebhook(audit, operator, target, body.reason));
  });
  route(app, 'resendCustomerVerificationEmail', { authenticate }, async ({ params, body }, request) => {
    const { operator, audit } = await operatorOf(request);
    const send = { ...audit, management: deps.management, identity: deps.config.identity };
    return success(await resendVerificationEmail(send, operator, params.id, body.reason));
  });
  route(app, 'endCustomerSessions', { authenticate }, async ({ params, body }, request) => {
    const { operator, audit } = await operatorOf(request);
    const end = { ...audit, management: deps.management, sessionEndings: deps.sessionEndings };
    return success(await endCustomerSessions(end, operator, params.id, body.reason));
  });
}

function registerImpersonationRoutes(app: FastifyInstance, deps: Deps, operatorOf: OperatorOf) {
  const { authenticate, db } = deps;
  route(app, 'startImpersonation', { authenticate }, async ({ body }, request) => {
    const { operator, audit } = await operatorOf(request);
    const start = { ...audit, impersonationSeconds: deps.config.operators.impersonationSeconds };
    return success(await startImpersonation(start, operator, body));
  });
  route(app, 'endImpersonation', { authenticate }, async ({ params }, request) => {
    const { operator, audit } = await operatorOf(request);
    return success(await endImpersonation(audit, operator, params.id));
  });
  route(app, 'listAccountViewings', { authenticate }, async (_input, request) => {
    return success({ viewings: await listAccountViewings(db, callerOf(request).uid) });
  });
  route(app, 'getImpersonationSetting', { authenticate }, async (_input, request) => {
    return success(await impersonationSettingOf(db, callerOf(request).uid));
  });
  route(app, 'setImpersonationSetting', { authenticate }, async ({ body }, request) => {
    return success(await setImpersonationSetting(db, callerOf(request).uid, body));
  });
}
