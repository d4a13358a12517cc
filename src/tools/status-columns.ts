import { NUMBER_STATUSES } from '../../contract/endpoints/number-check.endpoints';
import type { RemoteColumn } from '../table/remote-table-def';

/** The six number-status counts, in the order the number-check screens show them (real, empty, suspended, …). */
export const statusColumns = <T>(): RemoteColumn<T>[] =>
  NUMBER_STATUSES.map((s) => ({ field: `${s}_count` as keyof T & string, header: `tools.status.${s}` }));
