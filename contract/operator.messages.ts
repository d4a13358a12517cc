import type { Language } from './constants';

// Operator experience (issue 14 item 8): the Activity screen's command and event-state codes in words.
export const OPERATOR_MESSAGES: Record<string, Record<Language, string>> = {
  'activity.command.batch.pause': { zh: '暂停定时批次', en: 'Pause timed batch' },
  'activity.command.batch.recover': { zh: '恢复定时批次', en: 'Recover timed batch' },
  'activity.command.batch.intercept': { zh: '拦截定时批次', en: 'Intercept timed batch' },
  'activity.command.batch.edit': { zh: '修改定时内容', en: 'Edit timed content' },
  'activity.command.send.group': { zh: '普通群发', en: 'Group send' },
  'activity.command.send.link': { zh: '链接群发', en: 'Link send' },
  'activity.command.send.taoke': { zh: '淘客群发', en: 'Taoke send' },
  'activity.command.send.international': { zh: '国际群发', en: 'International send' },
  'activity.command.send.video': { zh: '视频短信发送', en: 'Video send' },
  'activity.command.send.card': { zh: '卡片短信发送', en: 'Card send' },
  'activity.status.pending': { zh: '待同步', en: 'Pending' },
  'activity.status.acked': { zh: '已完成', en: 'Done' },
  'activity.status.rejected': { zh: '被拒绝', en: 'Rejected' },
};
