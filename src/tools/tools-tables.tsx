import i18next from 'i18next';
import { Button } from 'primereact/button';
import type { z } from 'zod';
import {
  aimMaterialListEndpoint,
  aimTemplateListEndpoint,
  mobileBlackStatisticsEndpoint,
  numberPortingStatisticsEndpoint,
  numberStatusCustomerListEndpoint,
  numberStatusStatisticsEndpoint,
  type aimMaterialSchema,
  type aimTemplateSchema,
  type numberStatusCustomerRowSchema,
  type numberStatusStatisticsRowSchema,
  type queryRatioRowSchema,
} from '../../contract/endpoints/number-check.endpoints';
import { toolsAggregate } from '../../sync/commands/tools-commands';
import { accountFilterVisible } from '../table/screen-definition';
import type { RemoteTableDef } from '../table/remote-table-def';
import { runCommand } from '../data/platform-actions';
import { confirmDelete } from '../table/confirm-delete';
import { percentCell, timeCell } from '../table/value-cells';
import { statusColumns } from './status-columns';

// Definitions of the tools' platform-paged tables: statistics kept in platform tables (number
// status, porting, blacklist ratios) and the AIM materials and templates.

const account = { field: 'cus_id', label: 'col.cusId', visible: accountFilterVisible };
/** The time dimension (0 day, 1 month, 2 year). */
const DIMENSIONS = [
  { label: 'stat.day', fixed: { dimension: 0 } },
  { label: 'stat.month', fixed: { dimension: 1 } },
  { label: 'stat.year', fixed: { dimension: 2 } },
];

/** The columns every per-period check statistic starts with: when, whose, and how many checks went through. */
const periodColumns = <T,>(): RemoteTableDef<T>['columns'] =>
  [
    { field: 'gathering_time', header: 'col.gatheringTime' },
    { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
    { field: 'cus_name', header: 'col.cusName' },
    ...countColumns<T>(),
  ] as RemoteTableDef<T>['columns'];
const countColumns = <T,>(): RemoteTableDef<T>['columns'] =>
  [
    { field: 'request_count', header: 'tools.requestCount' },
    { field: 'success_count', header: 'tools.successCount' },
    { field: 'failure_count', header: 'tools.failureCount' },
  ] as RemoteTableDef<T>['columns'];

export const numberStatusStatistics: RemoteTableDef<z.infer<typeof numberStatusStatisticsRowSchema>> = {
  id: 'number-status-statistics',
  endpoint: numberStatusStatisticsEndpoint,
  exportAs: 'menu.mobileStatusStatistics',
  dateRange: true,
  modes: DIMENSIONS,
  filters: [account],
  columns: [...periodColumns(), ...statusColumns()],
};

export const numberStatusCustomers: RemoteTableDef<z.infer<typeof numberStatusCustomerRowSchema>> = {
  id: 'number-status-customers',
  endpoint: numberStatusCustomerListEndpoint,
  rowKey: 'cus_id',
  dateRange: true,
  filters: [account],
  columns: [
    { field: 'cus_id', header: 'col.cusId' },
    { field: 'cus_name', header: 'col.cusName' },
    { field: 'batch_total', header: 'tools.batchTotal' },
    ...countColumns(),
    ...statusColumns(),
    { field: 'last_time', header: 'tools.lastCheck', render: timeCell('last_time') },
  ],
};

const ratioTable = (
  id: string,
  endpoint: typeof numberPortingStatisticsEndpoint,
  exportAs: string,
): RemoteTableDef<z.infer<typeof queryRatioRowSchema>> => ({
  id,
  endpoint,
  exportAs,
  dateRange: true,
  modes: DIMENSIONS,
  filters: [account],
  columns: [
    ...periodColumns(),
    { field: 'successRatio', header: 'tools.successRatio', render: percentCell('successRatio') },
    { field: 'failureRatio', header: 'tools.failureRatio', render: percentCell('failureRatio') },
  ],
});
export const portingStatistics = ratioTable(
  'porting-statistics',
  numberPortingStatisticsEndpoint,
  'menu.numberPortingStatistics',
);
export const blacklistStatistics = ratioTable(
  'blacklist-statistics',
  mobileBlackStatisticsEndpoint,
  'menu.mobileBlackStatistics',
);

export const materials: RemoteTableDef<z.infer<typeof aimMaterialSchema>> = {
  id: 'aim-materials',
  endpoint: aimMaterialListEndpoint,
  rowKey: 'material_id',
  filters: [account, { field: 'name', label: 'tools.materialName' }],
  columns: [
    { field: 'name', header: 'tools.materialName' },
    { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
    {
      field: 'media_type',
      header: 'tools.mediaType',
      render: (r) => i18next.t(`tools.mediaTypes.${r.media_type}`, { defaultValue: r.media_type }),
    },
    { field: 'size', header: 'tools.sizeKb', render: (r) => String(Math.ceil(r.size / 1024)) },
    { field: 'create_time', header: 'tools.createTime', render: timeCell('create_time') },
  ],
  actions: (r, reload) => (
    <Button
      text
      size="small"
      severity="danger"
      icon="pi pi-trash"
      data-testid="material-delete"
      aria-label={i18next.t('lib.delete')}
      title={i18next.t('lib.delete')}
      onClick={() =>
        confirmDelete(
          r.material_id,
          () => runCommand('material.delete', toolsAggregate(r.cus_id), { material_id: r.material_id, name: r.name }),
          reload,
          r.name,
        )
      }
    />
  ),
};

export const aimTemplates: RemoteTableDef<z.infer<typeof aimTemplateSchema>> = {
  id: 'aim-templates',
  endpoint: aimTemplateListEndpoint,
  rowKey: 'template_id',
  filters: [account, { field: 'template_name', label: 'tools.templateName' }],
  columns: [
    { field: 'template_name', header: 'tools.templateName' },
    { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
    { field: 'content', header: 'tools.content' },
    { field: 'create_time', header: 'tools.createTime', render: timeCell('create_time') },
  ],
};
