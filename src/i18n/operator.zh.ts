// Operator experience (issue 14): table states, totals and paging.
export const OPERATOR_ZH = {
  operator: {
    table: {
      loading: '正在加载数据',
      total: '共 {{count}} 条',
      totalEstimate: '约 {{count}} 条（估算）',
      counting: '正在统计…',
    },
  },
};
