import type { Clock } from '@fnodesk/domain';
import type { FastifyInstance } from 'fastify';
import type { EntitlementsProvider } from '../accounts/entitlements';
import { registerCalendarRoutes } from './calendar.routes';
import { createDataRoutes } from './data-routes';
import type { DataTierSettings } from './data-tier';

/** What the market-data module is built from. */
export interface MarketModuleDeps {
  clock: Clock;
  entitlements: EntitlementsProvider;
  tiers: DataTierSettings;
  version: string;
}

/** Registers the `/data/v1` market-data API and its OpenAPI document. */
export function registerMarketModule(app: FastifyInstance, deps: MarketModuleDeps): void {
  const routes = createDataRoutes(app, deps);
  registerCalendarRoutes(routes);
  routes.serveOpenApi();
}
