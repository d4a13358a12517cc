// Texts of the tools area: short links, number checks, conversations and the remaining statistics.
export const TOOLS_ZH = {
  menu: {
    group: { numberCheck: '号码检测' },
    mobileStatusStatistics: '号码状态统计',
    numberPortingStatistics: '携号转网统计',
    mobileBlackStatistics: '黑名单统计',
    interactList: '互动会话',
  },
  tools: {
    byCountry: '按国家', customerList: '客户统计', batchTotal: '检测批次数', lastCheck: '最近检测', content: '短信内容', longUrl: '长链接', shortUrl: '短链接', clickStatus: '点击状态', clickTime: '点击时间', osystem: '操作系统',
    browser: '浏览器', sendTime: '发送时间', batchId: '批次号', sentCount: '发送号码数', clickedCount: '点击号码数', clickRatio: '点击率',
    longUrlHint: '输入以 http:// 或 https:// 开头的长链接', expiresAt: '过期时间（可选）', shorten: '生成短链接', shortUrlHint: '输入短链接查询原链接',
    resolve: '还原', clickRecords: '点击记录', clickSummary: '批次点击汇总',
    batchName: '批次名称', batchCount: '号码数', progress: '检测进度', invalidCount: '无效号码', createTime: '创建时间',
    uploadCheck: '上传 xlsx 批量检测', uploadHint: '号码放在第一列，首行可为表头；单批最多 100,000 个号码',
    mobilesHint: '每行一个号码，也可用逗号或空格分隔', checkNow: '在线检测', checkToFile: '检测并下载结果文件',
    checkBatches: '检测批次', onlineCheck: '在线检测', accountList: '账号统计', materials: '素材', aimTemplates: '智能短信模板',
    requestCount: '检测总数', successCount: '成功数', failureCount: '失败数', successRatio: '成功率', failureRatio: '失败率',
    materialName: '素材名称', mediaType: '类型', sizeKb: '大小（KB）', templateName: '模板名称', country: '国家/地区',
    lastMessage: '最新消息', lastTime: '最新时间', unanswered: '未回复', unsubscribed: '已退订', unsubscribedNoReply: '该号码已回复退订，在黑名单中：回复不会发出', messageCount: '消息数', replyHint: '输入回复内容', reply: '回复',
    mediaTypes: { image: '图片', video: '视频', audio: '音频' },
    status: { real: '实号', dead: '空号', down: '停机', not: '库无', silence: '沉默号', danger: '风险号', invalid: '无效号码' },
  },
};
