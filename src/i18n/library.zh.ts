// Labels of templates, address books and the rich message preview, merged by src/i18n/i18n.ts.
export const LIBRARY_ZH: Record<string, unknown> = {
  screen: { contentTemplateList: '内容模板', videoTemplateList: '视频模板', cspTemplateList: '卡片模板', addressBookList: '通讯录' },
  lib: {
    templateId: '模板编号', content: '模板内容', keyword: '关键字', checkStatus: '审核状态', resultDesc: '审核意见', checkTime: '审核时间',
    createTime: '创建时间', title: '标题', sign: '签名', size: '大小(KB)', status: '状态', templateName: '模板名称', chatbot: 'Chatbot',
    autograph: '签名', lowType: '回落类型', name: '姓名', mobile: '手机号', email: '邮箱', group: '分组', noChatbot: '该账号没有可用的 Chatbot', rename: '重命名', groupName: '分组名称',
    memberCount: '成员数', remark: '备注', add: '新增', delete: '删除', save: '保存', cancel: '取消', account: '发送账号',
    placeholders: '变量数：{{n}}', segments: '{{chars}} 字，计费 {{segments}} 条（每条 {{per}} 字）', pending: '待同步',
    confirmDelete: '此操作将永久删除编号为 {{n}} 的记录，是否继续？', confirmDeleteNamed: '此操作将永久删除“{{name}}”，是否继续？', confirmTitle: '提示', queued: '已加入待同步，联网后提交',
    frames: '帧', frame: '第 {{n}} 帧', addFrame: '添加帧', cards: '卡片', card: '卡片 {{n}}', addCard: '添加卡片', buttons: '按钮',
    addButton: '添加按钮', buttonName: '按钮名称', buttonUrl: '链接', mediaType: '素材类型', upload: '上传素材', text: '文字',
    up: '上移', down: '下移', remove: '移除', smsContent: '回落短信', videoTitle: '回落视频短信标题', readContent: '回落阅信',
    import: '导入', export: '导出', importTemplate: '下载导入模板', importing: '正在导入…', uploading: '上传中 {{pct}}%',
    importDone: '导入完成：成功 {{imported}} 条，无效 {{invalid}} 条，重复 {{duplicates}} 条', report: '下载错误报告',
    editAgain: '重新编辑', dismiss: '关闭', allGroups: '全部分组', members: '成员', groups: '分组', chooseGroup: '请先选择分组',
  },
  // the local cache dialog lists every replicated resource
  cache: { resources: { contentTemplate: '内容模板', videoTemplate: '视频模板', cspTemplate: '卡片模板', addressGroup: '通讯录分组', addressMember: '通讯录成员' } },
  media: { image: '图片', video: '视频', audio: '音频', text: '纯文字' },
  preview: {
    title: '预览', card: '卡片', sms: '回落短信', video: '回落视频短信', read: '回落阅信', sender: '1069XXXXXXXX', empty: '暂无内容',
  },
  // command names as the Activity screen shows them (event types are dotted paths)
  command: {
    template: {
      content: {
        add: '新增内容模板',
        delete: '删除内容模板',
      },
      video: {
        add: '新增视频模板',
        delete: '删除视频模板',
      },
      csp: {
        add: '新增卡片模板',
        delete: '删除卡片模板',
      },
    },
    addressBook: {
      group: {
        add: '新增通讯录分组',
        mod: '修改通讯录分组',
        delete: '删除通讯录分组',
      },
      member: {
        add: '新增联系人',
        mod: '修改联系人',
        delete: '删除联系人',
      },
    },
  },
};
