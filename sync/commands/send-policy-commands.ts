import { sendPolicyModifyEndpoint } from '../../contract/endpoints/send-policy.endpoints';
import type { CommandTable } from './command';

// The enterprise's send policy, saved through the event log and the outbox like the opt-out settings: the change is in
// the Activity screen's trail, and a save made while the network is away goes out once it is back.
export const SEND_POLICY_COMMANDS: CommandTable = {
  /** the whole policy, as the settings form parsed it */
  'sendPolicy.modify': { endpoint: sendPolicyModifyEndpoint, body: (p) => p },
};

/** One policy per enterprise: its saves go out in the order they were made. */
export const SEND_POLICY_AGGREGATE = 'sendPolicy';
