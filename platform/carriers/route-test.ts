import type { RouteConfig } from '../../contract/carrier.schema';
import type { Language } from '../../contract/constants';
import type { RequestOf, ResponseOf } from '../../contract/endpoint';
import type { carrierRouteTestEndpoint } from '../../contract/endpoints/carrier-control.endpoints';
import { translate } from '../../contract/messages';
import { carrierDigits, classifyNumber, destinationOn } from '../../contract/validation/number.rules';
import { PLATFORM_SENDER_CODE } from '../../contract/validation/sender.rules';
import { badRequest } from '../http/api-error';
import type { CarrierPlane } from './carrier-plane';
import type { Route } from './routing';
import { platformAddress, sourceAddressOf } from './source-address';

// The route test: which carrier a message would take now and why, read from the instance's live router and links as
// the dispatcher reads them, for a number written as a user writes it (the one number rule every door uses), with the
// address it would go out from by the dispatcher's own rule (source-address.ts).

const setOf = <T>(v: T | T[] | undefined): string =>
  v === undefined ? '' : JSON.stringify([...(Array.isArray(v) ? v : [v])].map(String).sort());

/** Whether two routes match exactly the same messages by their conditions (their carriers and pools aside). */
export function sameConditions(a: RouteConfig, b: RouteConfig): boolean {
  return (
    setOf(a.prefix) === setOf(b.prefix) &&
    setOf(a.country) === setOf(b.country) &&
    setOf(a.prodTypes) === setOf(b.prodTypes) &&
    setOf(a.accounts) === setOf(b.accounts) &&
    setOf(a.senders) === setOf(b.senders)
  );
}

function matchWords(lang: Language, route: Route, mobile: string): string {
  const prefixes = route.prefix === undefined ? [] : Array.isArray(route.prefix) ? route.prefix : [route.prefix];
  const hit = prefixes.filter((p) => mobile.startsWith(p)).sort((x, y) => y.length - x.length)[0];
  if (hit) return translate(lang, 'carrier.test.matchPrefix', { prefix: hit });
  const conditional = route.country || route.prodTypes || route.accounts || route.senders;
  return translate(lang, conditional ? 'carrier.test.matchOther' : 'carrier.test.matchAll');
}

type Test = RequestOf<typeof carrierRouteTestEndpoint>;

/** The extension a tested message has: the one the sender names after the platform's code, else the account's. */
const testedExtension = (sender: string | undefined, accountExt: string | null): string | null =>
  sender?.startsWith(PLATFORM_SENDER_CODE) ? sender.slice(PLATFORM_SENDER_CODE.length) : accountExt;

/** `accountExt`: the extension of the account the test names, if any. */
export function explainRoute(
  plane: CarrierPlane | null,
  t: Test,
  lang: Language,
  accountExt: string | null = null,
): ResponseOf<typeof carrierRouteTestEndpoint> {
  const dest = destinationOn(t.prodType === 1 ? 1 : 0, classifyNumber(t.mobile));
  if (dest.refused)
    throw badRequest(
      dest.refused === 'INVALID_NUMBER' ? 'carrier.test.badNumber' : 'carrier.test.notDomestic',
      { field: 'mobile' },
      'mobile',
    );
  const destination = carrierDigits(t.prodType, dest.mobile);
  const base = { destination, country: dest.country, source: null };
  if (!plane) return { ...base, carrier: null, routeId: null, reason: translate(lang, 'carrier.test.inProcess') };
  const extNumber = testedExtension(t.sender, accountExt);
  const m = {
    mobile: destination,
    country: dest.country,
    prodType: t.prodType,
    cusId: t.cusId ?? '',
    sender: t.sender || platformAddress(extNumber),
  };
  const choice = plane.router.explain(m, (c) => plane.links.get(c)?.available ?? false);
  const skipped = choice.skipped.map((c) => {
    const link = plane.links.get(c);
    return translate(lang, 'carrier.test.skippedItem', {
      name: c,
      state: translate(lang, link && !link.enabled ? 'carrier.state.disabled' : 'carrier.state.down'),
    });
  });
  const tail = skipped.length
    ? translate(lang, 'carrier.test.skipped', { list: skipped.join(lang === 'zh' ? '、' : ', ') })
    : '';
  if (choice.matching.length === 0)
    return { ...base, carrier: null, routeId: null, reason: translate(lang, 'carrier.test.noRoute') };
  if (!choice.route || !choice.carrier) {
    const routes = choice.matching.map((r) => `#${r.id ?? '?'}`).join(', ');
    return {
      ...base,
      carrier: null,
      routeId: null,
      reason: translate(lang, 'carrier.test.allDown', { routes }) + tail,
    };
  }
  const reason = translate(lang, 'carrier.test.picked', {
    id: choice.route.id ?? '?',
    match: matchWords(lang, choice.route, destination),
    pool: choice.route.pool,
    carrier: choice.carrier,
  });
  const config = plane.links.get(choice.carrier)?.config;
  const source = config
    ? sourceAddressOf({
        prodType: t.prodType,
        senderId: t.senderId || null,
        extNumber,
        routeAllows: choice.route.alphaSenderIds === true,
        carrier: config,
      })
    : null;
  return { ...base, source, carrier: choice.carrier, routeId: choice.route.id ?? null, reason: reason + tail };
}
