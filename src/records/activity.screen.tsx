import { Tag } from 'primereact/tag';
import { translate } from '../../contract/messages';
import type { EventDoc } from '../../sync/store/local-db';
import { ALL_COMMANDS as COMMANDS } from '../../sync/commands/all-command-tables';
import { commandKey, commandText, targetText } from './activity-words';
import { timeColumn } from '../table/cells';
import type { ScreenDefinition } from '../table/screen-definition';

// The Activity screen: the user's audit trail of commands from the local event log.
const STATUS_SEVERITY = { pending: 'warning', acked: 'success', rejected: 'danger' } as const;
/** catalogue keys (contract/operator.messages.ts): the table's select translates them in the chosen language. */
const statusKey = (status: string) => `activity.status.${status}`;

export const activity: ScreenDefinition<EventDoc> = {
  path: '/activity',
  title: 'screen.activity',
  collection: 'events',
  columns: [
    timeColumn<EventDoc>('created_at', 'col.time'),
    { field: 'type', header: 'col.command', text: (r, v) => commandText(v.lang, r.type) },
    { field: 'aggregate', header: 'col.target', text: (r, v) => targetText(v.lang, r) },
    { field: 'actor', header: 'col.actor' },
    {
      field: 'status',
      header: 'col.eventStatus',
      render: (r, v) => (
        <Tag
          data-testid="event-status"
          data-status={r.status}
          severity={STATUS_SEVERITY[r.status]}
          value={translate(v.lang, statusKey(r.status))}
        />
      ),
      text: (r, v) => translate(v.lang, statusKey(r.status)),
    },
    { field: 'attempts', header: 'col.attempts' },
    // stored as the platform or the HTTP client worded it when it happened (transport failures in the UI's language)
    { field: 'last_error', header: 'col.lastError' },
  ],
  filters: [
    {
      field: 'type',
      label: 'col.command',
      kind: 'select',
      options: Object.keys(COMMANDS).map((v) => ({ value: v, label: commandKey(v) })),
    },
    {
      field: 'status',
      label: 'col.eventStatus',
      kind: 'select',
      options: ['pending', 'acked', 'rejected'].map((v) => ({ value: v, label: statusKey(v) })),
    },
  ],
  dateField: 'created_at',
};
