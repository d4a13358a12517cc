import { uploadLogsEndpoint } from '../../contract/endpoints/log.endpoints';
import type { CommandTable } from './command';

// The console's own log entries, uploaded through the outbox like any other command.
export const LOG_COMMANDS: CommandTable = {
  'log.upload': { endpoint: uploadLogsEndpoint, body: (p) => p.entries },
};
