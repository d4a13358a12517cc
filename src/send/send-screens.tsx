import { createElement } from 'react';
import type { SendKind } from '../../machines/send-kinds';
import type { ScreenEntry } from '../table/screen-entry';
import { SendWorkspace } from './send-workspace';

// The send screens by menu path (platform/auth/menu-tree.ts), each the one send form configured by kind.
const screen = (kind: SendKind): ScreenEntry => ({
  title: `menu.${PATH_OF[kind].slice(1)}`,
  component: () => createElement(SendWorkspace, { kind }),
});

export const PATH_OF: Record<SendKind, string> = {
  domestic: '/smsGroupSend',
  oneToOne: '/smsOneToOneSend',
  link: '/smsLinkSend',
  taoke: '/taokeSend',
  international: '/inteSmsSend',
  video: '/videoSmsSend',
  card: '/cspSmsSend',
};

export const SEND_SCREENS: Record<string, ScreenEntry> = Object.fromEntries(
  (Object.keys(PATH_OF) as SendKind[]).map((kind) => [PATH_OF[kind], screen(kind)]),
);
