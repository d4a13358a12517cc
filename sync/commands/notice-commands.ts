import { noticeReadEndpoint } from '../../contract/endpoints/notice.endpoints';
import type { CommandTable } from './command';

// Marking notices read goes through the event log and the outbox like any command, so it works offline: the bell
// shows the notices read at once (notice-reads.ts) and the platform hears of it when the network is back.

export const NOTICE_READ = 'notice.read';

export const NOTICE_COMMANDS: CommandTable = {
  [NOTICE_READ]: {
    endpoint: noticeReadEndpoint,
    body: (p) => (Array.isArray(p.ids) ? { ids: p.ids } : { all: true, upTo: p.upTo }),
  },
};

/** The payload of a read: the named notices, or all created up to `upTo` (epoch ms, when the user asked). */
export type NoticeReadPayload = { ids: string[] } | { all: true; upTo: number };
