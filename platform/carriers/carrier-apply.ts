import type { CarrierConfig } from '../../contract/carrier.schema';
import type { CarrierLink } from './carrier-link';
import type { CostBook } from './carrier-cost';
import type { CarrierSet } from './carrier-store';
import { Router, type QualityView } from './routing';

// Brings an instance's links and router in line with the stored carriers and routes. Only what changed is touched: a
// carrier whose settings changed (or that the operator ordered to reconnect) gets a new link, and its old one retires
// once its submits are answered; a switch or a weight changes the live link in place; routes take a new router, which
// the next message uses. No other link, and no integrator's bind, notices.

export interface LiveCarriers {
  links: Map<string, CarrierLink>;
  router: Router;
  /** the version applied, and what each link was made from */
  version: number;
  made: Map<string, { settings: string; reconnects: number }>;
}

export interface ApplyHooks {
  /** a link for these settings, not started */
  makeLink(config: CarrierConfig): CarrierLink;
  /** the settings a stored carrier binds with on this instance (the local simulator's own address and password) */
  bindingOf(config: CarrierConfig): CarrierConfig;
  log: { info(obj: object, msg: string): void };
  /** the carriers' measured quality, for quality pools */
  quality?: QualityView;
  /** the carriers' costs, for cheapest pools */
  costs?: CostBook;
}

export interface Applied {
  added: string[];
  replaced: string[];
  retired: string[];
  /** links stopping once their submits are answered */
  retiring: Promise<void>[];
}

export function applyCarrierSet(live: LiveCarriers, set: CarrierSet, hooks: ApplyHooks): Applied {
  const applied: Applied = { added: [], replaced: [], retired: [], retiring: [] };
  const stored = new Set<string>();
  for (const c of set.carriers) {
    const name = c.config.name;
    stored.add(name);
    const config = hooks.bindingOf(c.config);
    const settings = JSON.stringify(config);
    const was = live.made.get(name);
    let link = live.links.get(name);
    if (!link || !was || was.settings !== settings || was.reconnects !== c.reconnects) {
      const old = link;
      link = hooks.makeLink(config);
      link.start();
      live.links.set(name, link);
      live.made.set(name, { settings, reconnects: c.reconnects });
      if (old) {
        applied.replaced.push(name);
        applied.retiring.push(old.retire());
      } else applied.added.push(name);
    }
    link.enabled = c.enabled;
    link.weight = c.weight;
  }
  for (const [name, link] of live.links) {
    if (stored.has(name)) continue;
    live.links.delete(name);
    live.made.delete(name);
    applied.retired.push(name);
    applied.retiring.push(link.retire());
  }
  live.router = new Router(
    set.routes.map((r) => ({ ...r.rule, id: r.id })),
    (name) => live.links.get(name)?.weight ?? 1,
    hooks.quality,
    { rateOf: (carrier, m) => hooks.costs?.rateOf(carrier, m.mobile, m.country) },
  );
  live.version = set.version;
  if (applied.added.length + applied.replaced.length + applied.retired.length > 0)
    hooks.log.info(
      { version: set.version, added: applied.added, replaced: applied.replaced, retired: applied.retired },
      'carriers applied',
    );
  return applied;
}
