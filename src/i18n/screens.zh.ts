// Labels of the record screens, Activity and sync status (issue 5), merged into the zh resources by the shell.
export const SCREENS_ZH: Record<string, unknown> = {};
