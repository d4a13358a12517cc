import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { throttleTime } from 'rxjs';
import {
  interactDownloadEndpoint,
  interactListEndpoint,
  messageInteractListEndpoint,
  messageInteractSendEndpoint,
} from '../../contract/endpoints/interact.endpoints';
import type { InteractMessage, InteractSession } from '../../contract/entities.schema';
import { changesOf } from '../../sync/query/query';
import { conversationAggregate } from '../../sync/commands/tools-commands';
import { formatDateTime } from '../ui/format';
import { useSession } from '../session/use-session';
import { useRuntime } from '../data/sync-runtime';
import { accountFilterVisible } from '../table/screen-definition';
import { RemoteTable } from '../table/remote-table';
import type { RemoteTableDef } from '../table/remote-table-def';
import { runCommand } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';
import { timeCell } from '../table/value-cells';
import type { FieldDefinition } from '../forms/field-definition';
import { FormFields } from '../forms/form-fields';
import { useForm } from '../forms/use-form';

// Conversations: one per number that replied, the thread with the message each reply
// answers, a reply box (a one-message send through the outbox), download. Uplinks replicate into the local database:
// their change notices re-read the list and the open thread, so new replies appear live.

export const sessions: RemoteTableDef<InteractSession> = {
  id: 'conversations',
  endpoint: interactListEndpoint,
  download: interactDownloadEndpoint,
  dateRange: true,
  filters: [
    { field: 'cus_id', label: 'col.cusId', visible: accountFilterVisible },
    { field: 'decodeMobile', label: 'col.mobile' },
  ],
  columns: [
    { field: 'decodeMobile', header: 'col.mobile', render: (r) => <MobileCell row={r} /> },
    { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
    { field: 'lastContent', header: 'tools.lastMessage' },
    { field: 'lastTime', header: 'tools.lastTime', render: timeCell('lastTime') },
    { field: 'unreadCount', header: 'tools.unanswered' },
    { field: 'messageCount', header: 'tools.messageCount' },
  ],
};

function MobileCell({ row }: { row: InteractSession }) {
  const { t } = useTranslation();
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
      {row.decodeMobile}
      {row.unsubscribed && <Tag data-testid="unsubscribed" severity="warning" value={t('tools.unsubscribed')} />}
    </span>
  );
}

const replyFields = (unsubscribed: boolean): FieldDefinition[] => [
  {
    name: 'content',
    label: 'tools.replyHint',
    labelHidden: true,
    placeholder: 'tools.replyHint',
    kind: 'textarea',
    rows: 3,
    testId: 'reply-content',
    disabled: unsubscribed,
  },
];

function Thread({ session, refresh }: { session: InteractSession; refresh: number }) {
  const { t } = useTranslation();
  const { language } = useSession();
  const [tick, setTick] = useState(0);
  const form = useForm(
    {
      schema: messageInteractSendEndpoint.request,
      values: { cus_id: session.cus_id, decodeMobile: session.decodeMobile, content: '' },
    },
    (v) => runCommand('interact.reply', conversationAggregate(session.cus_id, session.decodeMobile), v),
    // a sent reply empties the box for the next and reads the thread again
    () => {
      setTick((n) => n + 1);
      form.reset({ cus_id: session.cus_id, decodeMobile: session.decodeMobile, content: '' });
    },
  );
  const fields = useMemo(() => replyFields(session.unsubscribed), [session.unsubscribed]);
  // re-read on each uplink notice and after our own reply
  const thread = usePlatformRead(
    messageInteractListEndpoint,
    { cus_id: session.cus_id, decodeMobile: session.decodeMobile, limit: 200 } as never,
    {
      refresh: `${refresh}:${tick}`,
    },
  );
  const messages: InteractMessage[] = thread.data?.messages ?? [];
  return (
    <div
      data-testid="thread"
      style={{
        flex: '1 1 380px',
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        borderLeft: '1px solid #ddd',
        paddingLeft: 12,
      }}
    >
      <h4 style={{ margin: 0 }}>{session.decodeMobile}</h4>
      {thread.failure}
      <div style={{ maxHeight: '55vh', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 6 }}>
        {messages.map((m) => (
          <div
            key={m.sn}
            data-testid={`message-${m.direction}`}
            style={{
              alignSelf: m.direction === 'mt' ? 'flex-end' : 'flex-start',
              maxWidth: '80%',
              background: m.direction === 'mt' ? '#e3f2fd' : '#f5f5f5',
              borderRadius: 6,
              padding: '4px 8px',
            }}
          >
            {m.replyTo && <small style={{ display: 'block', color: '#777' }}>↪ {m.replyTo}</small>}
            <span>{m.content}</span>
            {m.tag && (
              <small style={{ display: 'block' }} data-testid="message-tag">
                {t('replyRules.tag')}: {m.tag}
              </small>
            )}
            <small style={{ display: 'block', color: '#999' }}>{formatDateTime(m.time, language)}</small>
          </div>
        ))}
      </div>
      {session.unsubscribed && <Message severity="warn" text={t('tools.unsubscribedNoReply')} />}
      <FormFields form={form} fields={fields} testId="reply" />
      {form.failure && <Message severity="error" text={form.failure} />}
      <Button
        data-testid="reply-send"
        icon="pi pi-send"
        label={t('tools.reply')}
        loading={form.busy}
        disabled={session.unsubscribed}
        onClick={form.submit}
        style={{ alignSelf: 'flex-end' }}
      />
    </div>
  );
}

export function ConversationsPage() {
  const runtime = useRuntime();
  const [open, setOpen] = useState<InteractSession | null>(null);
  const [refresh, setRefresh] = useState(0);
  useEffect(() => {
    if (!runtime) return;
    const sub = changesOf(runtime.db, 'mo_records')
      .pipe(throttleTime(500, undefined, { leading: true, trailing: true }))
      .subscribe(() => setRefresh((n) => n + 1));
    return () => sub.unsubscribe();
  }, [runtime]);
  return (
    <section data-testid="conversations-page" style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      <div style={{ flex: '2 1 520px' }}>
        <RemoteTable def={sessions} refresh={refresh} onRowClick={setOpen} />
      </div>
      {open && <Thread key={`${open.cus_id}:${open.decodeMobile}`} session={open} refresh={refresh} />}
    </section>
  );
}
