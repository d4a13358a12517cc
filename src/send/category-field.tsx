import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { CONTENT_CATEGORIES, DEFAULT_CATEGORY } from '../../contract/endpoints/send-policy.endpoints';
import type { SendDraft } from '../../machines/send-kinds';

// What the send is for. The enterprise's send policy caps each number per category (verification codes the most),
// adds the opt-out text to marketing and holds marketing in its quiet hours, so the form asks rather than guess.

interface Props {
  draft: Pick<SendDraft, 'category'>;
  update: (patch: Partial<SendDraft>) => void;
}

export function CategoryField({ draft, update }: Props) {
  const { t } = useTranslation();
  return (
    <div className="send-field">
      <label id="send-category-label">{t('send.category')}</label>
      <Dropdown
        data-testid="send-category"
        ariaLabelledBy="send-category-label"
        value={draft.category ?? DEFAULT_CATEGORY}
        options={CONTENT_CATEGORIES.map((c) => ({ value: c, label: t(`send.categories.${c}`) }))}
        onChange={(e) => update({ category: e.value as SendDraft['category'] })}
      />
    </div>
  );
}
