import { useEffect } from 'react';
import { filter, first } from 'rxjs';
import { useStore } from '../app/external-store';
import { menuStore } from '../app/menu-store';
import { recordCacheAtOpen$ } from '../data/sync-runtime';
import { domesticRecords } from './mt-record-screens';
import { prefetchFirstPage, useViewer } from './table-screen';

// The login chain's first list (issue 15): on a browser that held no cache of this account, the domestic records'
// first page is asked beside the menus, so it is here when the operator opens the records, instead of being asked
// only then. A browser with a cache answers from it, so nothing is asked there.

/** Prefetches the domestic records' first page once the top menu grants the product and the cache is known absent. */
export function usePrefetchFirstList(cusId: string | undefined): void {
  const viewer = useViewer();
  const granted = useStore(menuStore).top.some((p) => p.prodType === 0 && p.prodAccess);
  useEffect(() => {
    if (!cusId || !granted || !navigator.onLine) return;
    const sub = recordCacheAtOpen$
      .pipe(
        filter((c) => c?.cusId === cusId),
        first(),
      )
      .subscribe((c) => !c?.cached && prefetchFirstPage(domesticRecords, viewer));
    return () => sub.unsubscribe();
    // once per account: the viewer changes with the language, which changes nothing here
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cusId, granted]);
}
