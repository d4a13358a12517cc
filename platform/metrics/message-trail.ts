// A message's trail through the logs: one debug line at its door, at its carrier submit and at its receipt, each
// naming it as msgId (its record's sn). The lines are written only at debug level, so a busy platform at info pays
// nothing per message for them.

/** Whether the per-message trail lines are written. */
export const tracingMessages = (log: { level: string }) => log.level === 'debug' || log.level === 'trace';
