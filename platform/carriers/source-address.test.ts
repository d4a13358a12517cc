import { describe, expect, it } from 'vitest';
import { carrierSubmits } from './outbound-parts';
import { NPI_UNKNOWN, TON_ALPHANUMERIC, sourceAddressOf, type SourceOf } from './source-address';

// The address a message goes out from: the sender id only for an international send on a route that allows it,
// typed as Kannel types an autodetected sender; the platform's code and extension, with the carrier's own type,
// in every other case.

const carrier = { sourceTon: 2, sourceNpi: 1 };
const of = (o: Partial<SourceOf>): SourceOf => ({
  prodType: 1,
  senderId: 'ACME',
  extNumber: '77',
  routeAllows: true,
  carrier,
  ...o,
});

describe('sourceAddressOf', () => {
  it('sends an alphanumeric sender id as ton 5, npi 0 where the route allows it', () => {
    expect(sourceAddressOf(of({}))).toEqual({ addr: 'ACME', ton: TON_ALPHANUMERIC, npi: NPI_UNKNOWN });
    expect(sourceAddressOf(of({ senderId: 'Acme2025' }))).toEqual({ addr: 'Acme2025', ton: 5, npi: 0 });
  });

  it('keeps an all-digit sender id a number with the carrier type', () => {
    expect(sourceAddressOf(of({ senderId: '447700900123' }))).toEqual({ addr: '447700900123', ton: 2, npi: 1 });
  });

  it('goes out from the platform code and extension otherwise', () => {
    const own = { addr: '10690077', ton: 2, npi: 1 };
    expect(sourceAddressOf(of({ routeAllows: false }))).toEqual(own);
    expect(sourceAddressOf(of({ senderId: null }))).toEqual(own);
    // a domestic message never carries a sender id, whatever its batch says
    expect(sourceAddressOf(of({ prodType: 0 }))).toEqual(own);
    // nothing the send rules would not have taken (too long, not letters and digits)
    expect(sourceAddressOf(of({ senderId: 'ACME-LONGER-THAN-11' }))).toEqual(own);
    expect(sourceAddressOf(of({ senderId: 'AC ME' }))).toEqual(own);
    // a number under the platform's code would name an extension: its replies would reach that account
    expect(sourceAddressOf(of({ senderId: '1069008001' }))).toEqual(own);
    expect(sourceAddressOf(of({ routeAllows: false, extNumber: null }))).toEqual({ addr: '106900', ton: 2, npi: 1 });
  });

  it('reaches the submit_sm', () => {
    const s = sourceAddressOf(of({}));
    const [pdu] = carrierSubmits(
      { sourceAddr: s.addr, sourceTon: s.ton, sourceNpi: s.npi, destinationAddr: '447700900100', text: 'hi', ref: 1 },
      { longMessages: 'udh', sourceTon: 2, sourceNpi: 1, destTon: 1, destNpi: 1 },
    );
    expect(pdu).toMatchObject({ sourceAddr: 'ACME', sourceAddrTon: 5, sourceAddrNpi: 0, destAddrTon: 1 });
  });
});
