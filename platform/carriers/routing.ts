import type { RouteConfig } from './carrier-config';

// Which carrier takes a message: the routes whose every condition holds (destination prefix or country, product line,
// account, sender); among them the one with the longest matching prefix, then the first in the file. Its pool gives
// the next healthy carrier, round robin, weighted (smooth weighted round robin, so a 3:1 pool sends a, a, b, a
// rather than bursts), by quality (weighted by each carrier's measured delivery, past its circuit breaker), or the
// cheapest for the message (its carriers' costs, carrier-cost.ts). A route whose carriers are all down gives way to the
// next matching route.

export interface Routable {
  /** E.164 digits without +. */
  mobile: string;
  country: string | null;
  prodType: number;
  cusId: string;
  sender: string | null;
}

const list = <T>(v: T | T[] | undefined): T[] | undefined => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);

/** The length of the route's longest prefix that `mobile` starts with; -1: the route does not match; 0: no prefix. */
function matchLength(route: RouteConfig, m: Routable): number {
  const countries = list(route.country);
  if (countries && (m.country === null || !countries.includes(m.country))) return -1;
  if (route.prodTypes && !route.prodTypes.includes(m.prodType as 0)) return -1;
  if (route.accounts && !route.accounts.includes(m.cusId)) return -1;
  if (route.senders && (m.sender === null || !route.senders.some((s) => m.sender!.startsWith(s)))) return -1;
  const prefixes = list(route.prefix);
  if (!prefixes) return 0;
  const best = Math.max(-1, ...prefixes.filter((p) => m.mobile.startsWith(p)).map((p) => p.length));
  return best;
}

/** A route as the router holds it: its rule, and its stored id when it has one. */
export type Route = RouteConfig & { id?: number };

/** Why a message would take the carrier it would: the routes that match in the order they are tried, the one that
 * gave a carrier, and the carriers passed over on the way. */
export interface RouteChoice {
  carrier: string | null;
  route: Route | null;
  /** the matching routes, best first */
  matching: Route[];
  /** carriers of the matching routes that were not available */
  skipped: string[];
}

/** What a quality pool reads of its carriers: whether the breaker lets one through for this pick (a probe counts),
 * whether it would (without counting), and its weight. */
export interface QualityView {
  admits(carrier: string): boolean;
  admitsNow(carrier: string): boolean;
  weight(carrier: string): number;
}

const UNMEASURED: QualityView = { admits: () => true, admitsNow: () => true, weight: () => 1 };

/** What a cheapest pool reads: a carrier's cost per segment for the message (carrier-cost.ts), undefined if none. */
export interface CostView {
  rateOf(carrier: string, m: Routable): bigint | undefined;
}

const UNCOSTED: CostView = { rateOf: () => undefined };

export class Router {
  private readonly turns = new Map<number, number>();
  private readonly current = new Map<number, number[]>();

  /** `weightOf` gives a carrier's own weight, for weighted pools whose route gives none; `quality`, its measured
   * delivery quality, for quality pools. */
  constructor(
    private readonly routes: readonly Route[],
    private readonly weightOf: (carrier: string) => number = () => 1,
    private readonly quality: QualityView = UNMEASURED,
    private readonly costs: CostView = UNCOSTED,
  ) {}

  private pick(
    i: number,
    route: RouteConfig,
    healthy: (c: string) => boolean,
    m: Routable,
    peek = false,
  ): string | null {
    if (route.pool === 'cheapest') return this.cheapest(i, route, healthy, m);
    if (route.pool === 'weighted')
      return this.weighted(i, route, healthy, route.weights ?? route.carriers.map((c) => this.weightOf(c)));
    if (route.pool !== 'quality') return this.roundRobin(i, route, healthy);
    // the carriers its breaker lets through, or all that are up when it lets none (never strand the traffic)
    const admits = peek ? this.quality.admitsNow : this.quality.admits;
    const admitted = route.carriers.filter((c) => healthy(c) && admits.call(this.quality, c));
    const usable = admitted.length > 0 ? (c: string) => admitted.includes(c) : healthy;
    return this.weighted(
      i,
      route,
      usable,
      route.carriers.map((c) => this.quality.weight(c)),
    );
  }

  private matching(m: Routable) {
    return this.routes
      .map((route, i) => ({ route, i, len: matchLength(route, m) }))
      .filter((r) => r.len >= 0)
      .sort((a, b) => b.len - a.len || a.i - b.i);
  }

  /** The carrier for a message among those `healthy` says are up, or null: no route, or every routed carrier down. */
  carrierFor(m: Routable, healthy: (carrier: string) => boolean): string | null {
    return this.choose(m, healthy)?.carrier ?? null;
  }

  /** As carrierFor, with the route that gave the carrier: what it allows decides how the message is sent. */
  choose(m: Routable, healthy: (carrier: string) => boolean): { carrier: string; route: Route } | null {
    for (const { route, i } of this.matching(m)) {
      const pick = this.pick(i, route, healthy, m);
      if (pick !== null) return { carrier: pick, route };
    }
    return null;
  }

  /** What carrierFor would answer now, and why, without taking anyone's turn. */
  explain(m: Routable, healthy: (carrier: string) => boolean): RouteChoice {
    const matching = this.matching(m);
    const skipped = new Set<string>();
    for (const { route, i } of matching) {
      for (const c of route.carriers) if (!healthy(c)) skipped.add(c);
      const probe = this.copy();
      const pick = probe.pick(i, route, healthy, m, true);
      if (pick !== null) return { carrier: pick, route, matching: matching.map((r) => r.route), skipped: [...skipped] };
    }
    return { carrier: null, route: null, matching: matching.map((r) => r.route), skipped: [...skipped] };
  }

  /** Whether any route matches the message at all (healthy or not): no route fails the record at once. */
  routed(m: Routable): boolean {
    return this.routes.some((route) => matchLength(route, m) >= 0);
  }

  /** A router in this one's state, whose turns can be taken without moving this one's. */
  private copy(): Router {
    const r = new Router(this.routes, this.weightOf, this.quality, this.costs);
    for (const [k, v] of this.turns) r.turns.set(k, v);
    for (const [k, v] of this.current) r.current.set(k, [...v]);
    return r;
  }

  /** The carrier up whose cost for this message is least, in turn among equals; carriers without a cost come after
   * every costed one (an unknown cost is never taken as free), and share their turns as a round robin would. */
  private cheapest(i: number, route: RouteConfig, healthy: (c: string) => boolean, m: Routable): string | null {
    let least: bigint | undefined;
    for (const c of route.carriers) {
      if (!healthy(c)) continue;
      const rate = this.costs.rateOf(c, m);
      if (rate !== undefined && (least === undefined || rate < least)) least = rate;
    }
    const usable = least === undefined ? healthy : (c: string) => healthy(c) && this.costs.rateOf(c, m) === least;
    return this.roundRobin(i, route, usable);
  }

  private roundRobin(i: number, route: RouteConfig, healthy: (c: string) => boolean): string | null {
    const n = route.carriers.length;
    const start = this.turns.get(i) ?? 0;
    for (let k = 0; k < n; k++) {
      const c = route.carriers[(start + k) % n];
      if (healthy(c)) {
        this.turns.set(i, (start + k + 1) % n);
        return c;
      }
    }
    return null;
  }

  private weighted(i: number, route: RouteConfig, healthy: (c: string) => boolean, weights: number[]): string | null {
    const cur = this.current.get(i) ?? route.carriers.map(() => 0);
    this.current.set(i, cur);
    const up = route.carriers.map((c) => healthy(c));
    const total = weights.reduce((sum, w, k) => sum + (up[k] ? w : 0), 0);
    if (total === 0) return null;
    let best = -1;
    for (let k = 0; k < weights.length; k++) {
      if (!up[k]) continue;
      cur[k] += weights[k];
      if (best < 0 || cur[k] > cur[best]) best = k;
    }
    cur[best] -= total;
    return route.carriers[best];
  }
}
