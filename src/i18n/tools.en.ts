import type { TOOLS_ZH } from './tools.zh';

// English texts of the tools area; same keys as tools.zh.ts.
export const TOOLS_EN: typeof TOOLS_ZH = {
  menu: {
    group: { numberCheck: 'Number checks' },
    mobileStatusStatistics: 'Number status stats',
    numberPortingStatistics: 'Number porting stats',
    mobileBlackStatistics: 'Blacklist statistics',
    interactList: 'Conversations',
  },
  tools: {
    byCountry: 'By country', customerList: 'Per customer', batchTotal: 'Batches', lastCheck: 'Last check', content: 'Content', longUrl: 'Long link', shortUrl: 'Short link', clickStatus: 'Click status', clickTime: 'Click time', osystem: 'System',
    browser: 'Browser', sendTime: 'Send time', batchId: 'Batch id', sentCount: 'Numbers sent', clickedCount: 'Numbers clicked', clickRatio: 'Click rate',
    longUrlHint: 'A long link starting with http:// or https://', expiresAt: 'Expires (optional)', shorten: 'Shorten', shortUrlHint: 'A short link to resolve',
    resolve: 'Resolve', clickRecords: 'Click records', clickSummary: 'Clicks per send',
    batchName: 'Batch name', batchCount: 'Numbers', progress: 'Progress', invalidCount: 'Invalid', createTime: 'Created',
    uploadCheck: 'Upload xlsx to check', uploadHint: 'Numbers in the first column, an optional header row; at most 100,000 numbers per batch',
    mobilesHint: 'One number per line, or separated by commas or spaces', checkNow: 'Check online', checkToFile: 'Check and download the result file',
    checkBatches: 'Check batches', onlineCheck: 'Online check', accountList: 'Per account', materials: 'Materials', aimTemplates: 'AIM templates',
    requestCount: 'Checked', successCount: 'Succeeded', failureCount: 'Failed', successRatio: 'Success rate', failureRatio: 'Failure rate',
    materialName: 'Material name', mediaType: 'Type', sizeKb: 'Size (KB)', templateName: 'Template name', country: 'Country/region',
    lastMessage: 'Last message', lastTime: 'Last time', unanswered: 'Unanswered', unsubscribed: 'Unsubscribed', unsubscribedNoReply: 'This number replied to unsubscribe and is on the blacklist: a reply would not be sent', messageCount: 'Messages', replyHint: 'Type a reply', reply: 'Reply',
    mediaTypes: { image: 'Image', video: 'Video', audio: 'Audio' },
    status: { real: 'Real', dead: 'Empty', down: 'Suspended', not: 'Not in library', silence: 'Silent', danger: 'Dangerous', invalid: 'Invalid' },
  },
};
