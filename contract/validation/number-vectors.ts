// One table of written numbers and what each is, run by the test of every door that takes a number (the number rule
// itself, the console's send lists, address-book import, the HTTP API's sends, SMPP submit_sm) and by the carrier's
// digits, so no door can read a number differently from another.

export interface NumberVector {
  /** as a person or a client program writes it. */
  raw: string;
  kind: 'domestic' | 'international' | 'invalid';
  /** what a record stores: 11 digits for a mainland mobile, E.164 for an international number. */
  stored?: string;
  /** ISO 3166 country of an international number. */
  country?: string;
  /** what a carrier is sent as destination_addr: E.164 digits without the +. */
  carrier?: string;
}

export const NUMBER_VECTORS: readonly NumberVector[] = [
  { raw: '13900003331', kind: 'domestic', stored: '13900003331', carrier: '8613900003331' },
  { raw: '+8613900003333', kind: 'domestic', stored: '13900003333', carrier: '8613900003333' },
  { raw: '8613900003334', kind: 'domestic', stored: '13900003334', carrier: '8613900003334' },
  { raw: '008613900003335', kind: 'domestic', stored: '13900003335', carrier: '8613900003335' },
  { raw: '139 0000 5555', kind: 'domestic', stored: '13900005555', carrier: '8613900005555' },
  { raw: '+86 139-0000-5556', kind: 'domestic', stored: '13900005556', carrier: '8613900005556' },
  // a + is never dropped: these are numbers in the United States, Britain and Singapore
  { raw: '+13055550100', kind: 'international', stored: '+13055550100', country: 'US', carrier: '13055550100' },
  { raw: '0013055550101', kind: 'international', stored: '+13055550101', country: 'US', carrier: '13055550101' },
  { raw: '+44 7400 123456', kind: 'international', stored: '+447400123456', country: 'GB', carrier: '447400123456' },
  { raw: '+6591234567', kind: 'international', stored: '+6591234567', country: 'SG', carrier: '6591234567' },
  // a + with digits that are no country's valid number, nor a mainland mobile
  { raw: '+13800138000', kind: 'invalid' },
  { raw: '01088886666', kind: 'invalid' },
  { raw: '1390000', kind: 'invalid' },
  { raw: 'abc', kind: 'invalid' },
];

/** SMPP addresses with their type of number: international (1) digits carry the country code without a +. */
export const SMPP_ADDRESS_VECTORS: ReadonlyArray<NumberVector & { ton: number }> = [
  { ton: 1, raw: '13055550102', kind: 'international', stored: '+13055550102', country: 'US', carrier: '13055550102' },
  { ton: 1, raw: '8613900003336', kind: 'domestic', stored: '13900003336', carrier: '8613900003336' },
  { ton: 1, raw: '13800138000', kind: 'invalid' },
  { ton: 0, raw: '13055550103', kind: 'domestic', stored: '13055550103', carrier: '8613055550103' },
  { ton: 0, raw: '+13055550104', kind: 'international', stored: '+13055550104', country: 'US', carrier: '13055550104' },
];
