import { registerAllCommandTables } from '../../sync/all-command-tables';

// The console's command tables, registered with the outbox when this module loads. The logged-in console imports it
// beside the sync boundary that creates the outbox, so the tables are in place before any command is queued, pushed
// or replayed.
registerAllCommandTables();
