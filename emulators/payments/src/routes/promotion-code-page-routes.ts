import type { FastifyReply, FastifyRequest } from 'fastify';
import { customerNow } from '#payments/billing/customers.ts';
import { invalidCodeMessage, redeemablePromotionCode } from '#payments/billing/discounts.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { realNow } from '#payments/ids.ts';
import { formFields } from '#payments/pages/page-format.ts';
import { checkoutBasePath } from './checkout-page-extras.ts';
import { payableSession, renderForm } from './checkout-page-views.ts';

/**
 * The checkout page's "Add promotion code" (`POST <page>/promotion-code`): a code Stripe would take is
 * applied to the session (shown in the order summary, redeemed when the checkout completes); any other
 * is refused with Stripe's "This code is invalid." under the field. "Remove" takes it off again.
 */
export async function submitPromotionCode(
  context: PaymentsContext,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const page = payableSession(context, request);
  const { session, customer } = page;
  if (session.status !== 'open' || !session.allowPromotionCodes) {
    return reply.redirect(checkoutBasePath(session), 303);
  }
  const field = formFields(request.body);
  if (field('action') === 'remove') {
    session.promotionCode = null;
  } else {
    const code = field('promotion_code').trim();
    const now = customer ? customerNow(context.store.state, customer) : realNow();
    const found = redeemablePromotionCode(context.store.state, code, now);
    if (!found) {
      const error = code ? invalidCodeMessage : 'Enter a promotion code.';
      return renderForm(reply, page, { status: 400, promotionCode: { value: code, error } });
    }
    session.promotionCode = found.promotion.id;
  }
  await context.store.save();
  return reply.redirect(checkoutBasePath(session), 303);
}
