// The product line each product screen belongs to (0 domestic, 1 international, 2 video, 6 CSP), by menu path. An
// area can open with more than one product (the video area opens with video or CSP alone), so its menu lists a
// screen only to accounts holding the screen's own product, and the console tells a URL of one they lack as "not
// enabled" rather than showing an empty form.
export const SCREEN_PRODUCTS: Record<string, number[]> = {
  '/smsGroupSend': [0],
  '/smsOneToOneSend': [0],
  '/smsLinkSend': [0],
  '/taokeSend': [0],
  '/mtRecordList': [0],
  '/moRecordList': [0],
  '/interactList': [0],
  '/pageTimeBatchList': [0],
  '/timeMtMessageList': [0],
  '/dataGatheringBatchList': [0],
  '/dataGatheringList': [0],
  '/inteSmsSend': [1],
  '/inteMtRecordList': [1],
  '/inteDataGatheringBatchList': [1],
  '/inteDataGatheringList': [1],
  '/videoSmsSend': [2],
  '/videoMtRecordList': [2],
  '/videoTemplateList': [2],
  '/cspSmsSend': [6],
  '/cspMtRecordList': [6],
  '/cspTemplateList': [6],
};

/** Whether an account holding `granted` products may open the screen at `path` (a screen of no product: yes). */
export const screenGranted = (path: string, granted: readonly number[]): boolean =>
  SCREEN_PRODUCTS[path]?.some((p) => granted.includes(p)) ?? true;
