import { useTranslation } from 'react-i18next';
import type { Language } from '../../contract/constants';
import type { WholeResult } from './use-whole-result';

/** A list's total: the query's count (marked when the platform estimated it), or, while it is still counted, the rows
 * cached so far marked as such (busy for assistive technology): never a part of the rows as if it were all of them. */
export function TableTotal({ whole, lang }: { whole: WholeResult; lang: Language }) {
  const { t } = useTranslation();
  const format = (n: number) => n.toLocaleString(lang === 'en' ? 'en-US' : 'zh-CN');
  const { count, cached } = whole;
  return (
    <div
      data-testid="table-total"
      aria-live="polite"
      aria-busy={count === null}
      data-counting={count === null ? '' : undefined}
    >
      {count
        ? t(count.exact ? 'operator.table.total' : 'operator.table.totalEstimate', { count: format(count.total) })
        : typeof cached === 'number'
          ? t('operator.table.cachedCounting', { cached: format(cached) })
          : t('operator.table.counting')}
    </div>
  );
}
