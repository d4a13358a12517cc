import { accountAggregate } from '../../sync/commands/account-commands';
import { runCommand } from '../data/platform-actions';

/** An account command (sync/commands/account-commands.ts): its aggregate is the account it changes. */
export const runAccountCommand = (type: string, cusId: string, payload: Record<string, unknown>) =>
  runCommand(type, accountAggregate(cusId), payload);
