import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../endpoint';

// The SMPP server as the console shows it: where to bind, and the live binds of the accounts the caller manages.

export const smppBindSchema = z.object({
  sessionId: z.string().max(64),
  cusId: z.string().max(64),
  address: z.string().max(64),
  bindType: z.enum(['transmitter', 'receiver', 'transceiver']),
  since: z.number().int(),
  submitted: z.number().int().min(0),
  throttled: z.number().int().min(0),
  /** submit_sm per second over the last heartbeat interval. */
  rate: z.number().min(0),
});
export type SmppBind = z.infer<typeof smppBindSchema>;

export const getSmppInfoEndpoint = defineEndpoint({
  path: '/user/getSmppInfo',
  doc:
    'Where integrators bind (port null when the SMPP server is off; host as the caller reached the platform), the system id ' +
    "(the caller's account id), and the live binds of every account the caller manages, on every platform instance.",
  request: emptyRequest,
  response: z.object({
    host: z.string().max(255),
    port: z.number().int().min(1).max(65535).nullable(),
    systemId: z.string().max(64),
    binds: z.array(smppBindSchema),
  }),
});

export const endSmppBindEndpoint = defineEndpoint({
  path: '/user/endSmppBind',
  doc: 'Ends a live bind of an account the caller manages (an enterprise admin or an agent); the instance holding it unbinds within about a second.',
  request: z.object({ sessionId: z.string().trim().min(1).max(64) }),
  response: z.object({ ended: z.boolean() }),
});
