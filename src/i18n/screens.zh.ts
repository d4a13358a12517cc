// Labels of the record screens, Activity and sync status, merged into the zh resources by the shell.
export const SCREENS_ZH: Record<string, unknown> = {
  screen: {
    mtRecordList: '国内发送记录', inteMtRecordList: '国际发送记录', videoMtRecordList: '视频短信记录', cspMtRecordList: '5G 消息记录',
    moRecordList: '上行记录', dataGatheringBatchList: '批次统计', timeMtMessageList: '定时短信明细', pageTimeBatchList: '定时短信批次',
    dataGatheringList: '发送统计', activity: '操作记录', inteDataGatheringBatchList: '国际批次统计',
  },
  col: {
    cusId: '发送账号', cusName: '客户名称', mobile: '手机号码', content: '短信内容', segments: '计费条数', status: '发送状态', submitTime: '提交时间',
    country: '国家', price: '价格', reportDesc: '状态报告描述', subject: '主题', templateName: '模板名称', callingNumber: '主叫号码',
    replyContent: '上行内容', sentContent: '下发内容', uplinkTime: '上行时间', batchType: '批次类型', batchTime: '批次时间', received: '接收数',
    pending: '待发送', sent: '发送数', success: '成功', failure: '失败', unknown: '未知', batchId: '批次号', sendStatus: '发送状态',
    timeBatch: '批次号', timingTime: '定时时间', createTime: '创建时间', batchCount: '号码数', gatheringTime: '统计时间', time: '时间',
    command: '操作', target: '对象', actor: '操作人', eventStatus: '状态', attempts: '尝试次数', lastError: '错误信息', senderId: '发送方 ID',
  },
  table: {
    serial: '序号', search: '搜索', reset: '重置', export: '导出', any: '全部', dateRange: '时间范围', shortcut: '快捷选择', mode: '维度',
    operations: '操作', empty: '暂无数据', region: '数据表格（可横向滚动）', summary: '合计', cachedOnly: '离线：仅显示本地缓存的数据', jumpToPage: '跳转到页', fromServer: '超出本地缓存范围，数据来自服务器',
    shortcuts: {
      lastWeek: '最近一周', lastMonth: '最近一个月', currentMonth: '本月', previousMonth: '上月', thisYear: '今年', last3Months: '最近三个月',
      halfYear: '最近半年', lastYear: '最近一年', last3Years: '最近三年', last5Years: '最近五年',
    },
  },
  stat: { day: '按日', month: '按月', year: '按年' },
  cache: {
    title: '本地缓存', open: '本地缓存与同步状态', days: '缓存天数', recordCap: '每类记录最多条数', save: '保存', saved: '缓存设置已保存',
    daysRange: '缓存天数须为 {{min}} 到 {{max}} 的整数', capRange: '记录条数须为 {{min}} 到 {{max}} 的整数',
    hint: '早于缓存范围的记录在联网时从平台查询。缩小范围会删除本地较早的记录。', resource: '数据', phase: '状态', count: '本次同步',
    phases: { idle: '等待', backfill: '回填中', live: '实时' },
    resources: { mtRecord: '发送记录', moRecord: '上行记录', batch: '批次', timeBatch: '定时批次', timeMtMessage: '定时短信明细', statistics: '统计' },
  },
  sync: { openFailed: '本地数据库无法打开：{{reason}}', closed: '已退出登录，操作未提交', quotaFull: '浏览器存储空间已满：本地只保留已同步的记录，更早的记录联网时从平台查询', synced: '已同步 {{count}} 条', offline: '离线', error: '同步出错', live: '已同步', follower: '其他标签页同步中', pending: '待提交' },
  timed: {
    pause: '暂停', recover: '恢复', intercept: '拦截', edit: '编辑', save: '保存', confirmTitle: '确认',
    confirmPause: '确定暂停该定时批次吗？', confirmIntercept: '确定拦截该定时批次吗？拦截后不可恢复。',
  },
};
