import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  carrierActionEndpoint,
  carrierSaveEndpoint,
  type CarrierView,
} from '../../contract/endpoints/carrier-control.endpoints';
import { callOnline } from '../data/platform-actions';
import type { FieldDefinition } from '../forms/field-definition';
import { messageText } from '../forms/message-text';
import { notify } from '../ui/notify';
import { carrierRequest, carrierValues, NEW_CARRIER } from './carrier-form-values';
import { CarrierFormShell, withRules } from './carrier-form-shell';

// The carrier dialogs' forms: add or edit a carrier (the carriers file's fields, enabled and weight), and its weight.
// Each says what the platform answered, in the platform's words.

/** Adds a carrier, or edits `carrier`: its name is then fixed (a carrier is saved by name), and the password field
 * starts empty and keeps the stored password unless something is typed in it. */
export function CarrierForm({ carrier, onDone }: { carrier?: CarrierView; onDone: () => void }) {
  const { t } = useTranslation();
  const editing = carrier !== undefined;
  const fields = useMemo((): FieldDefinition[] => {
    const choice = (name: string, values: string[], labels: string[]): FieldDefinition => ({
      name,
      label: `carriers.form.${name}`,
      kind: 'select',
      options: values.map((value, i) => ({ value, label: t(labels[i]) })),
    });
    const text = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
      name,
      label: `carriers.form.${name}`,
      ...extra,
    });
    return withRules(
      [
        text('name', { disabled: editing, autoFocus: !editing }),
        text('host', { autoFocus: editing }),
        text('port'),
        text('systemId'),
        text('password', { kind: 'password', placeholder: editing ? 'carriers.form.passwordKeep' : undefined }),
        text('systemType'),
        choice(
          'bindMode',
          ['transceiver', 'transmitter+receiver'],
          ['carriers.bindModes.transceiver', 'carriers.bindModes.transmitterReceiver'],
        ),
        text('binds'),
        text('window'),
        text('rate'),
        text('weight'),
        text('enabled', { kind: 'checkbox' }),
        choice(
          'longMessages',
          ['udh', 'sar', 'payload'],
          ['carriers.longModes.udh', 'carriers.longModes.sar', 'carriers.longModes.payload'],
        ),
        choice(
          'receiptIds',
          ['same', 'hex-to-decimal', 'decimal-to-hex'],
          ['carriers.receiptModes.same', 'carriers.receiptModes.hexToDecimal', 'carriers.receiptModes.decimalToHex'],
        ),
        text('sourceTon'),
        text('sourceNpi'),
        text('destTon'),
        text('destNpi'),
        text('enquireLinkS'),
        text('responseTimeoutS'),
        text('reconnectMinS'),
        text('reconnectMaxS'),
      ],
      t,
      'carriers.rules',
    );
  }, [t, editing]);
  const input = useMemo(
    () => ({
      schema: carrierSaveEndpoint.request,
      values: carrier ? carrierValues(carrier) : NEW_CARRIER,
      request: carrierRequest,
    }),
    [carrier],
  );
  return (
    <CarrierFormShell
      input={input}
      fields={fields}
      testId={editing ? 'carrier-edit' : 'carrier-add'}
      submitLabel="carriers.save"
      submit={(request: { name: string }) =>
        callOnline(carrierSaveEndpoint, request as never).then(() =>
          notify({ severity: 'success', summary: messageText('carrier.saved', { name: request.name }) }),
        )
      }
      onDone={onDone}
    />
  );
}

/** A carrier's share in weighted pools that give no weights of their own. */
export function WeightForm({ carrier, onDone }: { carrier: CarrierView; onDone: () => void }) {
  const { t } = useTranslation();
  const fields = useMemo(
    () => withRules([{ name: 'weight', label: 'carriers.form.weight', autoFocus: true }], t, 'carriers.rules'),
    [t],
  );
  const input = useMemo(
    () => ({
      schema: carrierActionEndpoint.request,
      values: { weight: String(carrier.weight) },
      request: (v: Record<string, unknown>) => {
        const s = String(v.weight ?? '').trim();
        return {
          name: carrier.name,
          action: 'weight',
          weight: /^\d+$/.test(s) ? Number(s) : s === '' ? undefined : NaN,
        };
      },
    }),
    [carrier],
  );
  return (
    <CarrierFormShell
      input={input}
      fields={fields}
      testId="carrier-weight"
      submitLabel="carriers.save"
      submit={(request: { name: string; weight: number }) =>
        callOnline(carrierActionEndpoint, request as never).then(() =>
          notify({
            severity: 'success',
            summary: messageText('carrier.weightSet', { name: request.name, weight: request.weight }),
          }),
        )
      }
      onDone={onDone}
    />
  );
}
