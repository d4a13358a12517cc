import { useTranslation } from 'react-i18next';
import { RemoteTable } from '../table/remote-table';
import type { RemoteTableDef } from '../table/remote-table-def';
import { blacklistStatistics, numberStatusStatistics, portingStatistics } from './tools-tables';

// Screen 9's tables kept by the platform (number status, porting, blacklist): one titled remote table each.
function StatPage<T>({ title, def }: { title: string; def: RemoteTableDef<T> }) {
  const { t } = useTranslation();
  return (
    <section data-testid={`page-${def.id}`}>
      <h3 style={{ margin: '4px 0' }}>{t(title)}</h3>
      <RemoteTable def={def} />
    </section>
  );
}

export const NumberStatusStatisticsPage = () => (
  <StatPage title="menu.mobileStatusStatistics" def={numberStatusStatistics} />
);
export const PortingStatisticsPage = () => <StatPage title="menu.numberPortingStatistics" def={portingStatistics} />;
export const BlacklistStatisticsPage = () => <StatPage title="menu.mobileBlackStatistics" def={blacklistStatistics} />;
