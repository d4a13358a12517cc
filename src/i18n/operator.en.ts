// Operator experience: table states, totals and paging.
export const OPERATOR_EN = {
  operator: {
    table: {
      loading: 'Loading data',
      total: '{{count}} records',
      totalEstimate: 'about {{count}} records (estimate)',
      counting: 'Counting…',
      cachedCounting: '{{cached}} cached, counting…',
    },
    detail: {
      title: 'Message detail',
      parts: 'Parts and encoding',
      partsValue_one: '{{count}} part · {{encoding}} · {{units}} units',
      partsValue_other: '{{count}} parts · {{encoding}} · {{units}} units',
      timeline: 'Status timeline',
      replies: 'Replies',
      noReplies: 'No replies',
      step: {
        submitted: 'Submitted',
        review: 'Pending review',
        sent: 'Sent to the carrier',
        report: 'Report received',
        timeout: 'Report timed out',
      },
    },
  },
};
