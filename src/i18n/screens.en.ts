// Labels of the record screens, Activity and sync status (issue 5), merged into the en resources by the shell.
export const SCREENS_EN: Record<string, unknown> = {};
