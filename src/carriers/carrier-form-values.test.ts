import { describe, expect, it } from 'vitest';
import {
  carrierRouteSaveEndpoint,
  carrierSaveEndpoint,
  type CarrierView,
  type RouteView,
} from '../../contract/endpoints/carrier-control.endpoints';
import {
  carrierRequest,
  carrierValues,
  NEW_CARRIER,
  NEW_ROUTE,
  routeRequest,
  routeValues,
} from './carrier-form-values';

const stored: CarrierView = {
  ...carrierSaveEndpoint.request.parse({
    name: 'cmpp-a',
    host: 'smsc.example',
    port: 2775,
    systemId: 'esme',
    password: 'x',
  }),
  hasPassword: true,
  enabled: false,
  weight: 5,
  local: false,
  state: 'disabled',
  status: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'operator',
};

describe('carrier form values', () => {
  it('opens a stored carrier with its settings as text and its password empty', () => {
    const v = carrierValues(stored);
    expect(v).toMatchObject({
      name: 'cmpp-a',
      host: 'smsc.example',
      port: '2775',
      weight: '5',
      enabled: false,
      password: '',
      bindMode: 'transceiver',
    });
    expect(Object.keys(v).sort()).toEqual(Object.keys(NEW_CARRIER).sort());
  });

  it('sends an edit without a password, so the stored one is kept, and one typed when typed', () => {
    const request = carrierRequest(carrierValues(stored));
    expect(request).not.toHaveProperty('password');
    expect(carrierSaveEndpoint.request.parse(request)).toMatchObject({ port: 2775, weight: 5, enabled: false });
    expect(carrierRequest({ ...carrierValues(stored), password: 'secret' }).password).toBe('secret');
  });

  it('leaves an empty number out and sends text that is no number as NaN, which the contract refuses at its field', () => {
    const request = carrierRequest({ ...NEW_CARRIER, name: 'b', host: ' h ', systemId: 's', port: '', window: 'ten' });
    expect(request).not.toHaveProperty('port');
    expect(request.host).toBe('h');
    const issues = carrierSaveEndpoint.request.safeParse(request).error?.issues.map((i) => i.path.join('.'));
    expect(issues).toEqual(['port', 'window']);
  });
});

describe('route form values', () => {
  const route: RouteView = {
    id: 7,
    position: 20,
    prefix: ['86138', '86139'],
    country: 'CN',
    prodTypes: [0, 6],
    carriers: ['a', 'b'],
    pool: 'weighted',
    weights: [3, 1],
    updatedAt: '2026-01-01T00:00:00.000Z',
    updatedBy: 'operator',
  };

  it('opens a stored route with its lists as text and its products as checkboxes', () => {
    expect(routeValues(route)).toMatchObject({
      id: 7,
      position: '20',
      prefix: '86138, 86139',
      country: 'CN',
      carriers: 'a, b',
      weights: '3, 1',
      accounts: '',
      prod0: true,
      prod1: false,
      prod6: true,
    });
  });

  it('sends what it opened with unchanged', () => {
    const request = routeRequest(routeValues(route));
    expect(carrierRouteSaveEndpoint.request.parse(request)).toEqual({
      id: 7,
      position: 20,
      prefix: ['86138', '86139'],
      country: ['CN'],
      prodTypes: [0, 6],
      carriers: ['a', 'b'],
      pool: 'weighted',
      weights: [3, 1],
    });
  });

  it('leaves empty conditions and a round-robin pool’s weights out, and writes countries in capitals', () => {
    const request = routeRequest({ ...NEW_ROUTE, carriers: 'simulator\nbackup', country: 'cn，hk', weights: '1, 2' });
    expect(request).toEqual({ carriers: ['simulator', 'backup'], country: ['CN', 'HK'], pool: 'round-robin' });
    expect(carrierRouteSaveEndpoint.request.safeParse(request).success).toBe(true);
  });

  it('sends sender ids allowed only when ticked, and opens a route that allows them ticked', () => {
    expect(routeValues(route).alphaSenderIds).toBe(false);
    const allowing = routeValues({ ...route, alphaSenderIds: true });
    expect(allowing.alphaSenderIds).toBe(true);
    expect(carrierRouteSaveEndpoint.request.parse(routeRequest(allowing))).toMatchObject({
      id: 7,
      alphaSenderIds: true,
    });
    expect(routeRequest({ ...allowing, alphaSenderIds: false })).not.toHaveProperty('alphaSenderIds');
  });

  it('sends no carrier as an empty list, which the contract refuses at the carriers field', () => {
    const issues = carrierRouteSaveEndpoint.request
      .safeParse(routeRequest(NEW_ROUTE))
      .error?.issues.map((i) => i.path.join('.'));
    expect(issues).toEqual(['carriers']);
  });
});
