// Operator experience: table states, totals and paging.
export const OPERATOR_ZH = {
  operator: {
    table: {
      loading: '正在加载数据',
      total: '共 {{count}} 条',
      totalEstimate: '约 {{count}} 条（估算）',
      counting: '正在统计…',
      cachedCounting: '已缓存 {{cached}} 条，统计中…',
    },
    detail: {
      title: '短信详情',
      parts: '条数与编码',
      partsValue: '{{segments}} 条 · {{encoding}} · {{units}} 字符',
      timeline: '状态时间线',
      replies: '回复',
      noReplies: '暂无回复',
      step: {
        submitted: '已提交',
        review: '待审核',
        sent: '已提交运营商',
        report: '收到状态报告',
        timeout: '状态报告超时',
      },
    },
  },
};
