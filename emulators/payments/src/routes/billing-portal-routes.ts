import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { newId, realNow } from '#payments/ids.ts';
import { portalSessionObject } from '#payments/objects/portal-session-object.ts';
import type { PortalSessionRecord } from '#payments/storage/payments-state.ts';
import { answer, checkExpandRoots, customerParam, paramsOf, urlParam } from './route-helpers.ts';

/** Billing portal sessions: create; the portal itself is a hosted page (pages/portal-pages.ts). */
export function registerBillingPortalRoutes(app: FastifyInstance, context: PaymentsContext) {
  app.post('/v1/billing_portal/sessions', async (request) => {
    const params = paramsOf(request, ['customer', 'return_url', 'locale']);
    const expand = params.expand();
    checkExpandRoots(expand, ['configuration']);
    const customer = customerParam(context, params.requiredText('customer', { max: 200 }), 'customer');
    const returnText = params.text('return_url');
    params.text('locale', { max: 10 });
    const session: PortalSessionRecord = {
      id: newId('bps'),
      created: realNow(),
      customer: customer.id,
      returnUrl: returnText === undefined ? null : urlParam(returnText, 'return_url'),
    };
    context.store.state.portalSessions.set(session.id, session);
    return answer(context, portalSessionObject(context.urls, session), expand);
  });
}
