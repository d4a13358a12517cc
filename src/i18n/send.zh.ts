// Texts of the send workspace (issue 10); the preview panel's are the library's (library.*.ts).
export const SEND_ZH = {
  send: {
    pickTemplate: '选择已审核通过的内容模板',
    bulkPasted: '已粘贴 {{count}} 行号码（不在输入框中显示）', clearBulk: '清除',
    account: '发送账号', balance: '余额', numbers: '手机号码', numbersIntl: '国际号码（须带国家码，如 +1、0044）',
    numbersHint: '每行一个号码，也可用逗号、空格或全角分隔符分隔', numbersIntlHint: '+14155552671\n0044 7400 123456',
    numbersFile: '号码文件（xlsx、xls、csv）', reading: '正在读取文件…', fileRows: '共 {{count}} 行', column: '列', skipHeader: '首行为表头', groupsReadFailed: '无法读取本地通讯录：{{reason}}', groupSyncing: '分组成员仍在同步：已有 {{have}} / {{expected}} 个，同步完成后自动更新', groups: '从通讯录分组选择',
    countValid: '有效 <n>{{count}}</n>', countInvalid: '无效 <n>{{count}}</n>', countDuplicates: '重复 <n>{{count}}</n>', counting: '正在统计号码…',
    invalidList: '无效号码', invalidMore: '及其他 {{count}} 个', removeInvalid: '移除无效和重复号码',
    longLink: '长链接', productLink: '商品链接', senderId: '发送方 ID', chatbot: 'Chatbot', cardTemplate: '卡片模板', cardName: '卡片名称',
    lowType: '回落类型', lowTypes: { none: '不回落', '1': '短信', '2': '视频短信', '3': '阅读短信' },
    videoTemplate: '视频模板', videoTitle: '主题',
    frameText: '帧文本', removeFrame: '删除此帧', addFrame: '添加帧', fallbackText: '回落短信内容', template: '内容模板（${p1}、${p2}… 取表格列）', content: '短信内容',
    figures: '{{characters}} 字 · {{encoding}} · {{parts}} 条 · 每条 {{perPart}} 字', signature: '签名', largest: '按最长一条计算', mobileColumn: '号码列',
    timed: '定时发送', timingTime: '定时发送时间（{{zone}}）', removeUnpriced: '移除未配置价格的号码', pick: { '10': '10 分钟后', '30': '30 分钟后', '60': '1 小时后', '1440': '24 小时后' },
    submit: '发送', queuedStatus: '离线排队中，联网后自动提交', submitting: '正在提交…',
    scheduledResult: '定时短信已提交，定时批次', sentResult: '提交成功，批次号', viewRecords: '查看该批次的发送记录', another: '再发一批', backToEdit: '返回修改',
    confirmTitle: '确认发送', summaryNumbers: '有效号码', summaryParts: '计费条数（每个号码）', summaryCost: '费用（元）', summaryTime: '发送时间', now: '立即发送',
    offlineNote: '当前离线：确认后将排队，联网后提交', blacklistNote: '黑名单中的号码（回复过退订）不发送、不计费，提交后单独列出，费用按实际发送结算',
    resultCounts: '发送号码 {{valid}} 个，黑名单 {{blacklist}} 个（未发送、未计费）', confirm: '确认发送', cancel: '取消',
  },
};
