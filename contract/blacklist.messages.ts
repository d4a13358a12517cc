import type { Language } from './constants';

// Messages of the blacklist and of opt-out replies: why a number is refused, list operations, import outcomes, and the
// confirmations a recipient gets when its reply opts it out or back in.
export const BLACKLIST_MESSAGES: Record<string, Record<Language, string>> = {
  'blacklist.reason.reply.enterprise': {
    zh: '号码回复退订，已停止本企业的短信',
    en: 'Opted out by reply: no messages from this enterprise',
  },
  'blacklist.reason.reply.account': {
    zh: '号码回复退订，已停止本账号的短信',
    en: 'Opted out by reply: no messages from this account',
  },
  'blacklist.reason.import.enterprise': {
    zh: '号码由导入加入企业黑名单',
    en: "Imported into the enterprise's blacklist",
  },
  'blacklist.reason.import.account': { zh: '号码由导入加入本账号黑名单', en: "Imported into this account's blacklist" },
  'blacklist.reason.manual.enterprise': {
    zh: '号码由人工加入企业黑名单',
    en: "Added to the enterprise's blacklist by hand",
  },
  'blacklist.reason.manual.account': {
    zh: '号码由人工加入本账号黑名单',
    en: "Added to this account's blacklist by hand",
  },
  'blacklist.reason.complaint.enterprise': {
    zh: '号码因投诉加入企业黑名单',
    en: "On the enterprise's blacklist after a complaint",
  },
  'blacklist.reason.complaint.account': {
    zh: '号码因投诉加入本账号黑名单',
    en: "On this account's blacklist after a complaint",
  },
  'blacklist.added': {
    zh: '已加入 {added} 个号码，{duplicates} 个已在黑名单中',
    en: '{added} numbers added, {duplicates} already listed',
  },
  'blacklist.invalidNumber': { zh: '号码格式不正确：{mobile}', en: 'Not a valid number: {mobile}' },
  'blacklist.invalidNumberShort': { zh: '号码格式不正确', en: 'Not a valid number' },
  'blacklist.noteTooLong': { zh: '备注最多 200 个字', en: 'The note takes at most 200 characters' },
  'blacklist.wordTooLong': { zh: '关键词最多 20 个字', en: 'A keyword takes at most 20 characters' },
  'blacklist.tooManyWords': { zh: '关键词最多 20 个', en: 'At most 20 keywords' },
  'blacklist.accountNotInEnterprise': {
    zh: '无权管理该账号的黑名单',
    en: "You may not manage that account's blacklist",
  },
  'blacklist.notFound': { zh: '黑名单中没有这些号码', en: 'None of these entries is on the blacklist' },
  'blacklist.importDone': {
    zh: '导入完成：新增 {added}，重复 {duplicates}，无效 {invalid}',
    en: 'Import done: {added} added, {duplicates} duplicates, {invalid} invalid',
  },
  'blacklist.importDuplicateInFile': { zh: '与第 {row} 行重复', en: 'Same number as row {row}' },
  'blacklist.importAlreadyListed': { zh: '已在黑名单中', en: 'Already on the blacklist' },
  'blacklist.importTooManyRows': {
    zh: '文件有 {rows} 行数据，最多 {max} 行',
    en: 'The file has {rows} data rows; at most {max}',
  },
  'blacklist.adminOnly': {
    zh: '只有企业管理员可以修改退订设置',
    en: "Only the enterprise's admin may change the opt-out settings",
  },
  'blacklist.settingsSaved': { zh: '退订设置已保存', en: 'Opt-out settings saved' },
  'blacklist.noOptOutWord': { zh: '至少需要一个退订关键词', en: 'At least one opt-out keyword is needed' },
  'blacklist.confirmOut': {
    zh: '您已退订，将不再收到本企业短信。回复“订阅”可恢复。',
    en: 'You have opted out and will get no more messages. Reply START to opt back in.',
  },
  'blacklist.confirmIn': {
    zh: '您已重新订阅本企业短信。回复“退订”可随时退订。',
    en: 'You have opted back in. Reply STOP to opt out at any time.',
  },
  'blacklist.col.mobile': { zh: '号码', en: 'Number' },
  'blacklist.col.scope': { zh: '范围', en: 'Scope' },
  'blacklist.col.source': { zh: '来源', en: 'Source' },
  'blacklist.col.created_at': { zh: '加入时间', en: 'Added' },
  'blacklist.col.created_by': { zh: '操作人', en: 'Added by' },
  'blacklist.col.note': { zh: '备注', en: 'Note' },
  'blacklist.col.row': { zh: '行号', en: 'Row' },
  'blacklist.col.result': { zh: '结果', en: 'Result' },
  'blacklist.col.reason': { zh: '原因', en: 'Reason' },
  'activity.command.blacklist.add': { zh: '加入黑名单', en: 'Add to the blacklist' },
  'activity.command.blacklist.delete': { zh: '移出黑名单', en: 'Remove from the blacklist' },
  'activity.command.blacklist.settings': { zh: '修改退订设置', en: 'Change the opt-out settings' },
  'activity.target.blacklist': { zh: '号码 {name}', en: 'Number {name}' },
  'blacklist.source.reply': { zh: '回复退订', en: 'Keyword reply' },
  'blacklist.source.import': { zh: '导入', en: 'Import' },
  'blacklist.source.manual': { zh: '人工添加', en: 'Manual' },
  'blacklist.source.complaint': { zh: '投诉', en: 'Complaint' },
  'blacklist.scope.enterprise': { zh: '全企业', en: 'Whole enterprise' },
  'blacklist.result.added': { zh: '新增', en: 'Added' },
  'blacklist.result.duplicate': { zh: '重复', en: 'Duplicate' },
  'blacklist.result.invalid': { zh: '无效', en: 'Invalid' },
};
