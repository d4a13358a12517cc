import i18next from 'i18next';
import { Tag } from 'primereact/tag';
import type { Language } from '../../contract/constants';
import { isMessageKey, translate } from '../../contract/messages';
import type { EventDoc } from '../../sync/local-db';
import { SEND_COMMANDS } from '../../sync/send-commands';
import { timeColumn } from './cells';
import type { ScreenDefinition } from './screen-definition';

// The Activity screen (DESIGN.md §2.5): the user's audit trail of commands from the local event log.
const STATUS_SEVERITY = { pending: 'warning', acked: 'success', rejected: 'danger' } as const;
/** catalogue keys (contract/operator.messages.ts): the table's select translates them in the chosen language. */
const commandKey = (type: string) => `activity.command.${type}`;
const statusKey = (status: string) => `activity.status.${status}`;
/** a command in words; a command type without a label yet shows its i18n `command.<type>` text or its code. */
const commandText = (lang: Language, type: string) => (isMessageKey(commandKey(type)) ? translate(lang, commandKey(type)) : i18next.t(`command.${type}`, { defaultValue: type }));

export const activity: ScreenDefinition<EventDoc> = {
  path: '/activity',
  title: 'screen.activity',
  collection: 'events',
  columns: [
    timeColumn<EventDoc>('created_at', 'col.time'),
    // in words (i18n `command.<type>`), the code where a command has no label yet
    { field: 'type', header: 'col.command', text: (r, v) => commandText(v.lang, r.type) },
    { field: 'aggregate', header: 'col.target' },
    { field: 'actor', header: 'col.actor' },
    {
      field: 'status',
      header: 'col.eventStatus',
      render: (r, v) => <Tag data-testid="event-status" data-status={r.status} severity={STATUS_SEVERITY[r.status]} value={translate(v.lang, statusKey(r.status))} />,
      text: (r, v) => translate(v.lang, statusKey(r.status)),
    },
    { field: 'attempts', header: 'col.attempts' },
    { field: 'last_error', header: 'col.lastError' },
  ],
  filters: [
    { field: 'type', label: 'col.command', kind: 'select', options: ['batch.pause', 'batch.recover', 'batch.intercept', 'batch.edit', ...Object.keys(SEND_COMMANDS)].map((v) => ({ value: v, label: commandKey(v) })) },
    { field: 'status', label: 'col.eventStatus', kind: 'select', options: ['pending', 'acked', 'rejected'].map((v) => ({ value: v, label: statusKey(v) })) },
  ],
  dateField: 'created_at',
};
