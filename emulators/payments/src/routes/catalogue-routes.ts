import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { createPrice, listPrices, retrievePrice, searchPrices, updatePrice } from './price-handlers.ts';
import {
  createProduct,
  listProducts,
  retrieveProduct,
  searchProducts,
  updateProduct,
} from './product-handlers.ts';

/**
 * Products and prices: the catalogue's three plans (seeded from the configuration unless
 * PAYMENTS_SEED_CATALOGUE=false), and what `npm run stripe:setup` or an operator makes: create,
 * retrieve, update, list (prices by `lookup_keys[]`), search. Prices are per unit, monthly or one-time.
 */
export function registerCatalogueRoutes(app: FastifyInstance, context: PaymentsContext) {
  registerRoutes(app, context, {
    'POST /v1/products': createProduct,
    'POST /v1/products/:id': updateProduct,
    'GET /v1/products': listProducts,
    'GET /v1/products/search': searchProducts,
    'GET /v1/products/:id': retrieveProduct,
    'POST /v1/prices': createPrice,
    'POST /v1/prices/:id': updatePrice,
    'GET /v1/prices': listPrices,
    'GET /v1/prices/search': searchPrices,
    'GET /v1/prices/:id': retrievePrice,
  });
}
