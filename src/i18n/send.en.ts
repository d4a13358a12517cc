// Texts of the send workspace (issue 10); the preview panel's are the library's (library.*.ts).
export const SEND_EN = {
  send: {
    pickTemplate: 'Start from an approved content template',
    bulkPasted: '{{count}} pasted lines (not shown in the box)', clearBulk: 'Clear',
    account: 'Sending account', balance: 'Balance', numbers: 'Mobile numbers', numbersIntl: 'International numbers (with country code, e.g. +1, 0044)',
    numbersHint: 'One number per line, or separated by commas, spaces or full-width separators', numbersIntlHint: '+14155552671\n0044 7400 123456',
    numbersFile: 'Number file (xlsx, xls, csv)', reading: 'Reading the file…', fileRows: '{{count}} rows', column: 'Column', skipHeader: 'First row is a header', groupsReadFailed: 'The local address book could not be read: {{reason}}', groupSyncing: 'Group members are still syncing: {{have}} of {{expected}} here; the numbers update as they arrive', groups: 'Choose address book groups',
    countValid: '<n>{{count}}</n> valid', countInvalid: '<n>{{count}}</n> invalid', countDuplicates_one: '<n>{{count}}</n> duplicate', countDuplicates_other: '<n>{{count}}</n> duplicates', counting: 'Counting the numbers…',
    invalidList: 'Invalid numbers', invalidMore: 'and {{count}} more', removeInvalid: 'Remove invalid and duplicate numbers',
    longLink: 'Long link', productLink: 'Product link', senderId: 'Sender id', chatbot: 'Chatbot', cardTemplate: 'Card template', cardName: 'Card name',
    lowType: 'Fallback', lowTypes: { none: 'No fallback', '1': 'SMS', '2': 'Video message', '3': 'Reading message' },
    videoTemplate: 'Video template', videoTitle: 'Subject',
    frameText: 'Frame text', removeFrame: 'Remove this frame', addFrame: 'Add frame', fallbackText: 'Fallback SMS text', template: 'Content (${p1}, ${p2}… take sheet columns)', content: 'Message',
    figures_one: '{{characters}} characters · {{encoding}} · {{count}} part · {{perPart}} per part',
    figures_other: '{{characters}} characters · {{encoding}} · {{count}} parts · {{perPart}} per part', signature: 'Signature', largest: 'counted on the largest message', mobileColumn: 'Number column',
    timed: 'Schedule', timingTime: 'Scheduled time ({{zone}})', removeUnpriced: 'Remove the numbers without a price', pick: { '10': 'In 10 min', '30': 'In 30 min', '60': 'In 1 h', '1440': 'In 24 h' },
    submit: 'Send', queuedStatus: 'Queued offline; it goes out when the network returns', submitting: 'Submitting…',
    scheduledResult: 'Scheduled: timed batch', sentResult: 'Submitted: batch', viewRecords: 'Records of this batch', another: 'Send another', backToEdit: 'Back to editing',
    confirmTitle: 'Confirm the send', summaryNumbers: 'Valid numbers', summaryParts: 'Parts per number', summaryCost: 'Cost (yuan)', summaryTime: 'Send time', now: 'Now',
    offlineNote: 'Offline: the send is queued and goes out when the network returns', blacklistNote: 'Numbers on the blacklist (they replied to unsubscribe) are neither sent nor charged; they are counted once submitted and the charge is settled on what is sent',
    resultCounts: '{{valid}} numbers sent to, {{blacklist}} on the blacklist (not sent, not charged)', confirm: 'Send', cancel: 'Cancel',
  },
};
