import type { ScreenEntry } from '../table/screen-entry';
import { CarrierAuditScreen } from './carrier-audit.screen';
import { CarrierCostsScreen } from './carrier-costs.screen';
import { CarrierMarginsScreen } from './carrier-margins.screen';
import { CarrierDashboardScreen } from './carrier-dashboard.screen';
import { CarrierRoutesScreen } from './carrier-routes.screen';

// The platform operator's screens by menu path (platform/auth/menu-tree.ts, the carriers group).
export const CARRIER_SCREENS: Record<string, ScreenEntry> = {
  '/carrierStatus': { title: 'menu.carrierStatus', component: CarrierDashboardScreen },
  '/carrierRoutes': { title: 'menu.carrierRoutes', component: CarrierRoutesScreen },
  '/carrierAudit': { title: 'menu.carrierAudit', component: CarrierAuditScreen },
  '/carrierCosts': { title: 'menu.carrierCosts', component: CarrierCostsScreen },
  '/carrierMargins': { title: 'menu.carrierMargins', component: CarrierMarginsScreen },
};
