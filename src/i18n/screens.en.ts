// Labels of the record screens, Activity and sync status, merged into the en resources by the shell.
export const SCREENS_EN: Record<string, unknown> = {
  screen: {
    mtRecordList: 'Domestic send records', inteMtRecordList: 'International send records', videoMtRecordList: 'Video SMS records',
    cspMtRecordList: 'Rich message records', moRecordList: 'Uplink records', dataGatheringBatchList: 'Batch statistics',
    timeMtMessageList: 'Timed SMS details', pageTimeBatchList: 'Timed SMS batches', dataGatheringList: 'Send statistics', activity: 'Activity',
    inteDataGatheringBatchList: 'International batch statistics',
  },
  col: {
    cusId: 'Account', cusName: 'Customer', mobile: 'Mobile', content: 'Content', segments: 'Billed parts', status: 'Send status', submitTime: 'Submit time',
    country: 'Country', price: 'Price', reportDesc: 'Report description', subject: 'Subject', templateName: 'Template name', callingNumber: 'Caller number',
    replyContent: 'Uplink content', sentContent: 'Sent content', uplinkTime: 'Uplink time', batchType: 'Batch type', batchTime: 'Batch time',
    received: 'Received', pending: 'Pending', sent: 'Sent', success: 'Success', failure: 'Failure', unknown: 'Unknown', batchId: 'Batch id',
    sendStatus: 'Send status', timeBatch: 'Batch number', timingTime: 'Timing time', createTime: 'Created', batchCount: 'Numbers',
    gatheringTime: 'Period', time: 'Time', command: 'Command', target: 'Target', actor: 'User', eventStatus: 'Status', attempts: 'Attempts',
    lastError: 'Error', senderId: 'Sender id',
  },
  table: {
    serial: 'No.', search: 'Search', reset: 'Reset', export: 'Export', any: 'Any', dateRange: 'Date range', shortcut: 'Shortcut', mode: 'By',
    operations: 'Operations', region: 'Data table (scrolls sideways)', empty: 'No data', summary: 'Total', cachedOnly: 'Offline: showing cached data only', jumpToPage: 'Go to page',
    fromServer: 'Beyond the local cache: data from the server',
    shortcuts: {
      lastWeek: 'Last week', lastMonth: 'Last month', currentMonth: 'Current month', previousMonth: 'Previous month', thisYear: 'This year',
      last3Months: 'Last 3 months', halfYear: 'Half year', lastYear: 'Last year', last3Years: 'Last 3 years', last5Years: 'Last 5 years',
    },
  },
  stat: { day: 'By day', month: 'By month', year: 'By year' },
  cache: {
    title: 'Local cache', open: 'Local cache and sync status', days: 'Days kept', recordCap: 'Most records per kind', save: 'Save', saved: 'Cache settings saved',
    daysRange: 'Days kept must be a whole number from {{min}} to {{max}}', capRange: 'Records must be a whole number from {{min}} to {{max}}',
    hint: 'Records older than the cache are fetched from the platform when online. Shrinking it deletes older local records.', resource: 'Data', phase: 'State', count: 'Synced this session',
    phases: { idle: 'Waiting', backfill: 'Filling', live: 'Live' },
    resources: { mtRecord: 'Send records', moRecord: 'Replies', batch: 'Batches', timeBatch: 'Timed batches', timeMtMessage: 'Timed SMS details', statistics: 'Statistics' },
  },
  sync: { openFailed: 'The local database could not be opened: {{reason}}', closed: 'You logged out; the action was not submitted', quotaFull: 'Browser storage is full: only the records already synced are kept locally; older ones are fetched from the platform when online', synced: '{{count}} synced', offline: 'Offline', error: 'Sync error', live: 'Synced', follower: 'Syncing in another tab', pending: 'Pending' },
  timed: {
    pause: 'Pause', recover: 'Recover', intercept: 'Intercept', edit: 'Edit', save: 'Save', confirmTitle: 'Confirm',
    confirmPause: 'Pause this timed batch?', confirmIntercept: 'Intercept this timed batch? This cannot be undone.',
  },
};
