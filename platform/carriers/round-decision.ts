import { carrierDigits } from '../../contract/validation/number.rules';
import type { CarrierReport } from '../messaging/carrier';
import type { Due } from '../messaging/dispatch';
import type { CarrierConfig } from './carrier-config';
import { EXPIRED, NO_ROUTE, VALIDITY_OVER, finalReport, unansweredReport, unsendableReport } from './carrier-reports';
import type { SubmitAnswer, SubmitFields } from './esme-session';
import { UnencodableMessage, carrierSubmits } from './outbound-parts';
import { recordStatusOf, type PartState } from './part-states';
import type { Route, Routable } from './routing';
import { platformAddress, sourceAddressOf } from './source-address';

// What a carrier round does with each record it claimed, decided from the rows, the routes and the time alone (no
// database, no link): end it (its receipt deadline or validity passed, no route takes it, it cannot be encoded), leave
// it for later (no carrier of its route is up), send it, or drop it (ended elsewhere). carrier-dispatch.ts claims the
// rows and writes what was decided (carrier-queue.ts).

/** A record claimed from carrier_queue, with what routing and its end need. */
export interface Claimed extends Due {
  ext_number: string | null;
  /** the sender id the record's international batch named, or null */
  sender_id: string | null;
  leased: boolean;
  expires_at: Date | string | null;
  /** attempts so far, and the carriers that refused it in this round of attempts */
  tries: number;
  avoid: string[];
  /** the segments the record was billed, which its cost counts */
  segments: number;
}

/** The parts a leased record's carrier answered, in order, with their errors. */
export interface PartsOf {
  states: string[];
  errs: Array<string | null>;
}

/** The routes as a round sees them. */
export interface RoundRoutes {
  /** whether any route takes the message at all */
  routed(m: Routable): boolean;
  /** the carrier to send it to now and the route that chose it, trying others than `avoid` first; null when none is up */
  pick(m: Routable, avoid: readonly string[]): { carrier: string; route: Route } | null;
  /** a carrier's configuration */
  config(carrier: string): CarrierConfig;
}

/** What became of one part: the carrier's answer, or a PDU this side could not build or write (the message fails
 * alone: its round's other messages go on). */
export type PartAnswer = SubmitAnswer | { kind: 'unsendable'; tooLong: boolean; reason: string };

export const unsendable = (err: unknown): Extract<PartAnswer, { kind: 'unsendable' }> => ({
  kind: 'unsendable',
  tooLong: err instanceof UnencodableMessage,
  reason: err instanceof Error ? err.message : String(err),
});

export interface Send {
  row: Claimed;
  carrier: string;
  parts: SubmitFields[];
  routable: Routable;
}

export interface RoundDecision {
  /** the final report of each record that ends now */
  reports: Map<string, CarrierReport>;
  finals: Claimed[];
  /** records whose receipt deadline passed: their pending parts end unknown */
  timedOut: string[];
  /** records no carrier of their route can take now */
  later: string[];
  sends: Send[];
  /** records ended elsewhere, nothing left to send */
  stale: string[];
  /** records that could not be built into PDUs, to log */
  unsendable: Array<{ sn: string; carrier: string | null; reason: string }>;
}

/** Decides a round over its claimed rows at `now`; `partsOf` holds the parts of its leased rows, `nextRef` numbers
 * each long message's parts. */
export function decideRound(
  rows: Claimed[],
  partsOf: Map<string, PartsOf>,
  routes: RoundRoutes,
  timing: { now: Date; validityS: number },
  nextRef: () => number,
): RoundDecision {
  const d: RoundDecision = {
    reports: new Map(),
    finals: [],
    timedOut: [],
    later: [],
    sends: [],
    stale: [],
    unsendable: [],
  };
  const now = timing.now.getTime();
  const validUntil = now - timing.validityS * 1000;
  const end = (r: Claimed, report: CarrierReport) => {
    d.reports.set(r.sn, report);
    d.finals.push(r);
  };
  for (const r of rows) {
    // ended elsewhere (by the in-process simulator before a switch to carriers): nothing left to send
    if (r.mt_status !== 100 && r.mt_status !== 500) {
      d.stale.push(r.sn);
      continue;
    }
    if (r.leased) {
      // its receipt deadline passed: what the parts' receipts said, else unknown; with no parts, the instance that
      // was sending it stopped before the answers were written: it may have reached the carrier, so it is not resent
      const parts = partsOf.get(r.sn);
      const states = parts?.states.map((s) => (s === 'pending' ? 'unknown' : s) as PartState);
      end(
        r,
        parts && states ? finalReport(recordStatusOf(states) ?? 600, parts.errs) : unansweredReport('the carrier'),
      );
      d.timedOut.push(r.sn);
      continue;
    }
    if (new Date(r.receive_time).getTime() < validUntil) {
      end(r, EXPIRED);
      continue;
    }
    if (r.expires_at !== null && new Date(r.expires_at).getTime() <= now) {
      end(r, VALIDITY_OVER);
      continue;
    }
    // one message that cannot be routed or encoded (a stored text too long for SMPP) fails alone: a throw here would
    // roll the round back and the same record would be claimed first again, holding every message behind it
    let carrier: string | null = null;
    try {
      // routes match senders on the platform's code and the account's extension, whatever address the message goes
      // out from: whether that may be its sender id is the chosen route's to say
      const sender = platformAddress(r.ext_number);
      const routable = {
        mobile: carrierDigits(r.prod_type, r.mobile),
        country: r.country_code,
        prodType: r.prod_type,
        cusId: r.cus_id,
        sender,
      };
      if (!routes.routed(routable)) {
        end(r, NO_ROUTE);
        continue;
      }
      const choice = routes.pick(routable, r.avoid);
      if (choice === null) {
        d.later.push(r.sn);
        continue;
      }
      carrier = choice.carrier;
      const config = routes.config(carrier);
      const source = sourceAddressOf({
        prodType: r.prod_type,
        senderId: r.sender_id,
        extNumber: r.ext_number,
        routeAllows: choice.route.alphaSenderIds === true,
        carrier: config,
      });
      const outbound = {
        sourceAddr: source.addr,
        sourceTon: source.ton,
        sourceNpi: source.npi,
        destinationAddr: routable.mobile,
        text: r.secret ?? r.content,
        ref: nextRef(),
      };
      d.sends.push({ row: r, carrier, parts: carrierSubmits(outbound, config), routable });
    } catch (err) {
      const failed = unsendable(err);
      d.unsendable.push({ sn: r.sn, carrier, reason: failed.reason });
      end(r, unsendableReport(carrier ?? 'carrier', failed.tooLong, failed.reason));
    }
  }
  return d;
}
