import type { Language } from './constants';

// Messages of templates, address books and uploads.
export const LIBRARY_MESSAGES: Record<string, Record<Language, string>> = {
  'library.templateNotFound': { zh: '模板不存在', en: 'No such template' },
  'library.groupNotFound': { zh: '分组不存在', en: 'No such group' },
  'library.memberNotFound': { zh: '联系人不存在', en: 'No such contact' },
  'library.fileNotFound': { zh: '文件不存在', en: 'No such file' },
  'library.accountNotVisible': { zh: '无权操作该账号', en: 'You may not act for that account' },
  'library.chatbotNotFound': { zh: 'Chatbot 不存在', en: 'No such chatbot' },
  'library.materialNotFound': { zh: '素材不存在，请重新上传', en: 'A material is missing, please upload it again' },
  'library.materialWrongKind': { zh: '素材类型与帧类型不一致', en: 'The material does not match the frame type' },
  'library.templateDeleted': { zh: '模板已删除', en: 'The template has been deleted' },
  'library.uploadMediaType': {
    zh: '只能上传图片、视频或音频文件（jpg、png、gif、mp4、3gp、mp3、aac、amr）',
    en: 'Only image, video or audio files can be uploaded (jpg, png, gif, mp4, 3gp, mp3, aac, amr)',
  },
  'library.uploadNoFile': { zh: '请选择要上传的文件', en: 'Choose a file to upload' },
  'library.uploadUnreadable': { zh: '文件内容无法读取', en: 'The file content cannot be read' },
  'library.uploadTooComplex': {
    zh: '文件解压后过大或结构过于复杂，无法读取，请只保留需要的工作表和数据后重新上传',
    en: 'The file is too large once unpacked or too complex to read; keep only the sheet and data you need and upload it again',
  },
  'library.uploadContentMismatch': { zh: '文件内容与扩展名不符', en: 'The file content does not match its extension' },
  'library.importDone': {
    zh: '导入完成：成功 {imported} 条，无效 {invalid} 条，重复 {duplicates} 条',
    en: 'Import finished: {imported} imported, {invalid} invalid, {duplicates} duplicates',
  },
  'library.importDuplicateInFile': { zh: '与第 {row} 行手机号重复', en: 'Same mobile as row {row}' },
  'library.importDuplicateInGroup': { zh: '手机号已在分组中', en: 'The mobile is already in the group' },
  'library.importTooManyRows': {
    zh: '文件有 {rows} 行数据，一次最多导入 {max} 行，请拆分后再导入',
    en: 'The file has {rows} data rows; at most {max} can be imported at once: split it and import each part',
  },
  'library.col.row': { zh: '行号', en: 'Row' },
  'library.col.reason': { zh: '原因', en: 'Reason' },
  'library.col.name': { zh: '姓名', en: 'Name' },
  'library.col.mobile': { zh: '手机号', en: 'Mobile' },
  'library.col.email': { zh: '邮箱', en: 'Email' },
  'library.col.group': { zh: '分组', en: 'Group' },
  'library.col.jobNumber': { zh: '工号', en: 'Job number' },
  'library.col.gender': { zh: '性别', en: 'Gender' },
  'library.col.birthday': { zh: '生日', en: 'Birthday' },
  'library.col.remark': { zh: '备注', en: 'Remark' },
  'library.col.createTime': { zh: '创建时间', en: 'Created' },
  'library.gender.male': { zh: '男', en: 'male' },
  'library.gender.female': { zh: '女', en: 'female' },
};
