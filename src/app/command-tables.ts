import { ALL_COMMANDS, registerAllCommandTables } from '../../sync/all-command-tables';

// The console's commands, registered with the outbox when this module loads: whatever creates the outbox or lists the
// commands imports this module, so the tables are in place before any command is queued, pushed or replayed.
registerAllCommandTables();

/** Every command the console queues, by type. */
export const COMMANDS = ALL_COMMANDS;
