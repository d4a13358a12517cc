import { ariaLabel } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { applyPrimeReactLocale } from './primereact-locale';

// The paginator's labels follow the chosen language.
describe('PrimeReact locale', () => {
  it('gives the paginator Chinese labels on Chinese screens and English ones on English screens', () => {
    applyPrimeReactLocale('zh');
    for (const k of [
      'firstPageLabel',
      'lastPageLabel',
      'nextPageLabel',
      'prevPageLabel',
      'jumpToPageInputLabel',
      'jumpToPageDropdownLabel',
      'rowsPerPageLabel',
    ]) {
      expect(ariaLabel(k, {}), k).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(ariaLabel('pageLabel', { page: 3 })).toBe('第 3 页');
    applyPrimeReactLocale('en');
    expect(ariaLabel('jumpToPageInputLabel', {})).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
