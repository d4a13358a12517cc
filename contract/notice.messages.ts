import type { Language } from './constants';

// Platform messages of the notices.
export const NOTICE_MESSAGES: Record<string, Record<Language, string>> = {
  'v.notice.readWhich': {
    zh: '请指定要标记为已读的通知，或选择全部',
    en: 'Name the notices to mark as read, or choose all',
  },
  'notice.marked': { zh: '已标记为已读', en: 'Marked as read' },
};
