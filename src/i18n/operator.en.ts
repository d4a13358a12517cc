// Operator experience (issue 14): table states, totals and paging.
export const OPERATOR_EN = {
  operator: {
    table: {
      loading: 'Loading data',
      total: '{{count}} records',
      totalEstimate: 'about {{count}} records (estimate)',
      counting: 'Counting…',
    },
  },
};
