// Where each notice leads in the console: the list screen of the thing it tells of, filtered to it where the screen
// has a filter for it. Paths are the console's menu paths (src/app/screen-registry.ts and the area screens).

const withQuery = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;

/** A batch's screen: the batch list of its product line (domestic, international); the send records of the others. */
export function batchLink(prodType: number, batchId: string): string {
  const path =
    prodType === 0
      ? '/dataGatheringBatchList'
      : prodType === 1
        ? '/inteDataGatheringBatchList'
        : prodType === 2
          ? '/videoMtRecordList'
          : '/cspMtRecordList';
  return withQuery(path, { batch_id: batchId });
}

export type TemplateKind = 'content' | 'video' | 'csp';
export const TEMPLATE_LINKS: Record<TemplateKind, string> = {
  content: '/contentTemplateList',
  video: '/videoTemplateList',
  csp: '/cspTemplateList',
};

export const RECHARGE_LINK = '/rechargeList';
export const BALANCE_WARNING_LINK = '/info/setting';
export const SUB_ACCOUNT_LINK = '/subAccountList';
/** The enterprise's send policy screen (the daily cap notices lead there). */
export const SEND_POLICY_LINK = '/sendPolicy';
