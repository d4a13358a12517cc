import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { carrierRouteSaveEndpoint, type RouteView } from '../../contract/endpoints/carrier-control.endpoints';
import { callOnline } from '../data/platform-actions';
import type { FieldDefinition } from '../forms/field-definition';
import { messageText } from '../forms/message-text';
import { notify } from '../ui/notify';
import { NEW_ROUTE, ROUTE_PRODUCTS, routeRequest, routeValues } from './carrier-form-values';
import { CarrierFormShell, withRules } from './carrier-form-shell';

// Adds a route, or edits one: its conditions (each a list typed as text, empty for any value), the products it is
// limited to, its carriers in order and how it picks among them, and whether its international messages may go out
// from the sender id their send named.

const weighted = (v: Record<string, unknown>) => v.pool === 'weighted';

export function RouteForm({ route, onDone }: { route?: RouteView; onDone: () => void }) {
  const { t } = useTranslation();
  const fields = useMemo((): FieldDefinition[] => {
    const list = (name: string, rows = 2): FieldDefinition => ({
      name,
      label: `carrierRoutes.form.${name}`,
      kind: 'textarea',
      rows,
    });
    return withRules(
      [
        { ...list('carriers'), autoFocus: true },
        {
          name: 'pool',
          label: 'carrierRoutes.form.pool',
          kind: 'select',
          options: [
            { value: 'round-robin', label: t('carrierRoutes.pools.roundRobin') },
            { value: 'weighted', label: t('carrierRoutes.pools.weighted') },
            { value: 'quality', label: t('carrierRoutes.pools.quality') },
            { value: 'cheapest', label: t('carrierRoutes.pools.cheapest') },
          ],
        },
        { name: 'weights', label: 'carrierRoutes.form.weights', when: weighted },
        list('prefix', 3),
        { name: 'country', label: 'carrierRoutes.form.country' },
        ...ROUTE_PRODUCTS.map((p): FieldDefinition => ({
          name: `prod${p}`,
          label: `carrierRoutes.form.prod${p}`,
          kind: 'checkbox',
        })),
        list('accounts'),
        list('senders'),
        { name: 'alphaSenderIds', label: 'carrierRoutes.form.alphaSenderIds', kind: 'checkbox' },
        { name: 'position', label: 'carrierRoutes.form.position' },
      ],
      t,
      'carrierRoutes.rules',
    );
  }, [t]);
  const input = useMemo(
    () => ({
      schema: carrierRouteSaveEndpoint.request,
      values: route ? routeValues(route) : NEW_ROUTE,
      request: routeRequest,
    }),
    [route],
  );
  return (
    <>
      <p style={{ marginTop: 0 }}>{t('carrierRoutes.listHint')}</p>
      <CarrierFormShell
        input={input}
        fields={fields}
        testId={route ? 'route-edit' : 'route-add'}
        submitLabel="carrierRoutes.save"
        submit={(request: never) =>
          callOnline(carrierRouteSaveEndpoint, request).then((saved) =>
            notify({ severity: 'success', summary: messageText('carrier.route.saved', { id: saved.id }) }),
          )
        }
        onDone={onDone}
      />
    </>
  );
}
