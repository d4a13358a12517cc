import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../contract/constants';
import { getLanguage } from '../ui/language';
import { ACCOUNT_EN } from './account.en';
import { ACCOUNT_ZH } from './account.zh';
import { CARRIER_COST_EN } from './carrier-cost.en';
import { CARRIER_COST_ZH } from './carrier-cost.zh';
import { CARRIER_EN } from './carrier.en';
import { CARRIER_ZH } from './carrier.zh';
import { EN } from './en';
import { LIBRARY_EN } from './library.en';
import { LIBRARY_ZH } from './library.zh';
import { OPERATOR_EN } from './operator.en';
import { OPERATOR_ZH } from './operator.zh';
import { rememberPlainLookups } from './plain-lookups';
import { applyPrimeReactLocale } from './primereact-locale';
import { SCREENS_EN } from './screens.en';
import { SCREENS_ZH } from './screens.zh';
import { SEND_EN } from './send.en';
import { SEND_ZH } from './send.zh';
import { TOOLS_EN } from './tools.en';
import { TOOLS_ZH } from './tools.zh';
import { ZH } from './zh';

// i18next with the shell's labels and the screens' labels merged (screens win on a clash, they know their texts).
type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

export function deepMerge(a: Tree, b: Tree): Tree {
  return Object.fromEntries(
    [...new Set([...Object.keys(a), ...Object.keys(b)])].map((k) => [
      k,
      isTree(a[k]) && isTree(b[k]) ? deepMerge(a[k], b[k]) : (b[k] ?? a[k]),
    ]),
  );
}

export const RESOURCES: Record<Language, Tree> = {
  zh: deepMerge(
    deepMerge(
      deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(ZH, SCREENS_ZH), SEND_ZH), ACCOUNT_ZH), LIBRARY_ZH), TOOLS_ZH),
      OPERATOR_ZH,
    ),
    deepMerge(CARRIER_ZH, CARRIER_COST_ZH),
  ),
  en: deepMerge(
    deepMerge(
      deepMerge(
        deepMerge(deepMerge(deepMerge(deepMerge(EN as Tree, SCREENS_EN), SEND_EN), ACCOUNT_EN), LIBRARY_EN),
        TOOLS_EN,
      ),
      OPERATOR_EN,
    ),
    deepMerge(CARRIER_EN, CARRIER_COST_EN),
  ),
};

export function initI18n(lng: Language = getLanguage()) {
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'zh',
    resources: { zh: { translation: RESOURCES.zh }, en: { translation: RESOURCES.en } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  rememberPlainLookups(i18next);
  applyPrimeReactLocale(lng);
  document.documentElement.lang = lng;
  return i18next;
}
