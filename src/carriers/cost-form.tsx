import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { carrierCostSaveEndpoint, type CostRow } from '../../contract/endpoints/carrier-cost.endpoints';
import { callOnline } from '../data/platform-actions';
import type { FieldDefinition } from '../forms/field-definition';
import { messageText } from '../forms/message-text';
import { notify } from '../ui/notify';
import { CarrierFormShell, withRules } from './carrier-form-shell';
import { costRequest, costValues, newCost } from './cost-form-values';

// Adds a carrier's cost for a country or a prefix from a date on, or edits one. A new price from a later date is
// better added than edited: the earlier row then still costs what was sent before.

export function CostForm({ cost, carriers, onDone }: { cost?: CostRow; carriers: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const fields = useMemo(
    (): FieldDefinition[] =>
      withRules(
        [
          {
            name: 'carrier',
            label: 'carrierCosts.form.carrier',
            kind: 'select',
            options: carriers.map((c) => ({ value: c, label: c })),
            autoFocus: true,
          },
          { name: 'country', label: 'carrierCosts.form.country' },
          { name: 'prefix', label: 'carrierCosts.form.prefix' },
          { name: 'cost', label: 'carrierCosts.form.cost' },
          { name: 'effectiveFrom', label: 'carrierCosts.form.effectiveFrom', kind: 'date' },
        ],
        t,
        'carrierCosts.rules',
      ),
    [t, carriers],
  );
  const input = useMemo(
    () => ({
      schema: carrierCostSaveEndpoint.request,
      values: cost ? costValues(cost) : newCost(Date.now()),
      request: (v: Record<string, unknown>) => costRequest(v, cost?.id),
    }),
    [cost],
  );
  return (
    <CarrierFormShell
      input={input}
      fields={fields}
      testId={cost ? 'cost-edit' : 'cost-add'}
      submitLabel="carrierCosts.save"
      submit={(request: never) =>
        callOnline(carrierCostSaveEndpoint, request).then((saved) =>
          notify({ severity: 'success', summary: messageText('carrier.cost.saved', { id: saved.id }) }),
        )
      }
      onDone={onDone}
    />
  );
}
