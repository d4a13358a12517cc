import type { Language } from './constants';

// What the platform operator's carrier and route endpoints answer, and how the route test explains its choice.
export const CARRIER_MESSAGES: Record<string, Record<Language, string>> = {
  'v.carrier.name': { zh: '只能包含字母、数字、_ . -（1-32 位）', en: 'letters, digits, _ . - only (1-32)' },
  'carrier.operatorOnly': {
    zh: '仅平台运营人员可以查看和修改通道',
    en: 'Only a platform operator may see or change carriers',
  },
  'carrier.notFound': { zh: '通道 {name} 不存在', en: 'There is no carrier named {name}' },
  'carrier.saved': {
    zh: '通道 {name} 已保存，各实例 2 秒内生效',
    en: 'Carrier {name} saved; every instance applies it within 2 s',
  },
  'carrier.enabled': { zh: '通道 {name} 已启用', en: 'Carrier {name} enabled' },
  'carrier.disabled': {
    zh: '通道 {name} 已停用：不再提交新消息，已提交的回执仍会匹配',
    en: 'Carrier {name} disabled: it takes no new messages; receipts of what it took are still matched',
  },
  'carrier.reconnecting': { zh: '通道 {name} 正在重新连接', en: 'Carrier {name} is reconnecting' },
  'carrier.weightSet': { zh: '通道 {name} 的权重已设为 {weight}', en: 'Carrier {name} weight set to {weight}' },
  'carrier.weightNeeded': { zh: '请填写权重（1-1000）', en: 'Give a weight (1-1000)' },
  'carrier.route.unknownCarrier': {
    zh: '路由引用了不存在的通道 {name}',
    en: 'The route names a carrier that does not exist: {name}',
  },
  'carrier.route.duplicate': {
    zh: '已有条件完全相同的路由（#{id}）',
    en: 'Route #{id} already has exactly these conditions',
  },
  'carrier.route.weights': { zh: '权重须与通道一一对应', en: 'Weights must be one per carrier' },
  'carrier.route.notFound': { zh: '路由 #{id} 不存在或已删除', en: 'Route #{id} does not exist or was deleted' },
  'carrier.route.saved': {
    zh: '路由 #{id} 已保存，下一条消息起生效',
    en: 'Route #{id} saved; it applies from the next message',
  },
  'carrier.route.deleted': { zh: '路由 #{id} 已删除', en: 'Route #{id} deleted' },
  'carrier.route.tooMany': { zh: '路由数量已达上限 {max}', en: 'There are already {max} routes, the most allowed' },
  'carrier.tooMany': { zh: '通道数量已达上限 {max}', en: 'There are already {max} carriers, the most allowed' },
  'carrier.test.inProcess': {
    zh: '未配置通道：消息由平台内置模拟器处理',
    en: 'No carriers are configured: messages end in the built-in simulator',
  },
  'carrier.test.noRoute': {
    zh: '没有路由匹配该号码：消息将以“无路由”失败',
    en: 'No route matches this number: the message would fail as unroutable',
  },
  'carrier.test.allDown': {
    zh: '匹配的路由 {routes} 中没有可用通道：消息将排队等待',
    en: 'No carrier of the matching routes {routes} is available now: the message would wait in the queue',
  },
  'carrier.test.picked': {
    zh: '路由 #{id}（{match}）匹配，{pool} 选择了通道 {carrier}',
    en: 'Route #{id} ({match}) matches; its {pool} pool picks carrier {carrier}',
  },
  'carrier.test.skipped': { zh: '；跳过：{list}', en: '; skipped: {list}' },
  'carrier.test.skippedItem': { zh: '{name}（{state}）', en: '{name} ({state})' },
  'carrier.test.matchAll': { zh: '全部号码', en: 'every number' },
  'carrier.test.matchPrefix': { zh: '号段 {prefix}', en: 'prefix {prefix}' },
  'carrier.test.matchOther': { zh: '按国家/产品/账号/签名', en: 'by country, product, account or sender' },
  'carrier.test.badNumber': {
    zh: '号码不合法：大陆手机号写 11 位，国际号码写 + 和国家码',
    en: 'Not a valid number: write a mainland mobile as 11 digits, an international one with + and its country code',
  },
  'carrier.test.notDomestic': {
    zh: '该产品只发送大陆手机号；国际号码请选国际短信',
    en: 'This product sends to mainland mobiles only; choose international SMS for this number',
  },
  'carrier.state.disabled': { zh: '已停用', en: 'disabled' },
  'v.carrier.cost': {
    zh: '成本须为不超过 4 位小数的非负金额（元/条）',
    en: 'a cost is a non-negative amount in yuan with at most 4 decimals',
  },
  'v.carrier.country': {
    zh: '国家须为两位大写 ISO 代码，如 US',
    en: 'a country is its two-letter ISO code, such as US',
  },
  'v.carrier.prefix': { zh: '号段只能是 1-15 位数字（含国家码）', en: 'a prefix is 1-15 digits, country code first' },
  'v.carrier.day': { zh: '日期格式为 YYYY-MM-DD', en: 'a day is written YYYY-MM-DD' },
  'carrier.cost.scope': { zh: '请填写国家或号段（二选一）', en: 'Give either a country or a prefix, not both' },
  'carrier.cost.notFound': { zh: '成本 #{id} 不存在或已删除', en: 'Cost #{id} does not exist or was deleted' },
  'carrier.cost.duplicate': {
    zh: '通道 {carrier} 在 {scope} 已有同一生效时间的成本（#{id}）',
    en: 'Carrier {carrier} already has a cost for {scope} from the same time (#{id})',
  },
  'carrier.cost.tooMany': { zh: '成本记录已达上限 {max}', en: 'There are already {max} cost rows, the most allowed' },
  'carrier.cost.saved': {
    zh: '成本 #{id} 已保存，自生效时间起计入新提交的消息',
    en: 'Cost #{id} saved; it applies to messages submitted from its date',
  },
  'carrier.cost.deleted': { zh: '成本 #{id} 已删除', en: 'Cost #{id} deleted' },
  'carrier.margins.range': {
    zh: '结束日期须不早于开始日期，且跨度不超过 366 天',
    en: 'The range ends on or after its start and spans at most 366 days',
  },
  'carrier.state.down': { zh: '未连接', en: 'not bound' },
};
