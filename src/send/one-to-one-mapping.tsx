import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { defaultMapping, fillPlaceholders, placeholdersOf, type SheetInfo } from '../../machines/send-personalize';

/** One-to-one with a sheet: which column holds the numbers and which fills each ${pN} of the content, with the first
 * rows' messages as they will go. */
export function OneToOneMapping({
  sheet,
  content,
  mobileColumn,
  mapping,
  onMobileColumn,
  onMapping,
}: {
  sheet: SheetInfo;
  content: string;
  mobileColumn: number;
  mapping: Record<string, number>;
  onMobileColumn: (column: number) => void;
  onMapping: (placeholder: string, column: number) => void;
}) {
  const { t } = useTranslation();
  const placeholders = placeholdersOf(content);
  return (
    <div className="send-mapping" data-testid="send-mapping">
      <span>{t('send.mobileColumn')}</span>
      <Dropdown
        value={mobileColumn}
        options={Array.from({ length: sheet.columns }, (_, i) => ({
          value: i,
          label: String.fromCharCode(65 + (i % 26)),
        }))}
        onChange={(e) => onMobileColumn(e.value as number)}
      />
      {placeholders.map((p) => (
        <span key={p}>
          {'${' + p + '}'}
          <Dropdown
            value={mapping[p] ?? defaultMapping(placeholders)[p]}
            options={Array.from({ length: sheet.columns }, (_, i) => ({
              value: i,
              label: String.fromCharCode(65 + (i % 26)),
            }))}
            onChange={(e) => onMapping(p, e.value as number)}
          />
        </span>
      ))}
      <table data-testid="send-mapping-preview">
        <tbody>
          {sheet.preview.slice(1, 6).map((row, i) => (
            <tr key={i}>
              <td>{row[mobileColumn]}</td>
              <td>{fillPlaceholders(content, row, { ...defaultMapping(placeholders), ...mapping })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
