import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { carrierRouteTestEndpoint } from '../../contract/endpoints/carrier-control.endpoints';
import type { ResponseOf } from '../../contract/endpoint';
import type { FormValues } from '../../machines/form.machine';
import { read } from '../data/platform-actions';
import type { FieldDefinition } from '../forms/field-definition';
import { FormFields } from '../forms/form-fields';
import { messageText } from '../forms/message-text';
import { useForm } from '../forms/use-form';
import { InfoList } from '../ui/info-list';
import { ROUTE_PRODUCTS } from './carrier-form-values';
import { withRules } from './carrier-form-shell';

// Which carrier a message to a number would take now, and the platform's reason, beside the routes it follows. The
// answer, with the address the message would go out from on that carrier, is announced when it arrives; the inputs stay
// as typed, to try the next number or product.

type Answer = ResponseOf<typeof carrierRouteTestEndpoint>;
const START: FormValues = { mobile: '', prodType: 0, sender: '', cusId: '', senderId: '' };
const OPTIONAL = new Set(['sender', 'cusId', 'senderId']);

/** The request: an optional field left empty is not sent. */
const testRequest = (v: FormValues): FormValues =>
  Object.fromEntries(Object.entries(v).filter(([k, x]) => !(OPTIONAL.has(k) && x === '')));

export function RouteTestPanel() {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const form = useForm(
    { schema: carrierRouteTestEndpoint.request, values: START, request: testRequest, sends: 'parsed' },
    (v) => read(carrierRouteTestEndpoint, v as never).then(setAnswer),
  );
  const { done, values, reset } = form;
  useEffect(() => {
    if (done) reset(values);
  }, [done, values, reset]);
  const fields = useMemo(
    (): FieldDefinition[] =>
      withRules(
        [
          { name: 'mobile', label: 'routeTest.mobile' },
          {
            name: 'prodType',
            label: 'routeTest.product',
            kind: 'select',
            options: ROUTE_PRODUCTS.map((p) => ({ value: p, label: t(`carrierProducts.${p}`) })),
          },
          { name: 'sender', label: 'routeTest.sender' },
          { name: 'cusId', label: 'routeTest.account' },
          { name: 'senderId', label: 'routeTest.senderId' },
        ],
        t,
        'routeTest.rules',
      ),
    [t],
  );
  const none = t('routeTest.none');
  return (
    <section aria-labelledby="route-test-title" data-testid="route-test" style={{ flex: '1 1 280px', maxWidth: 420 }}>
      <h2 id="route-test-title" style={{ fontSize: '1.1rem', marginTop: 0 }}>
        {t('routeTest.title')}
      </h2>
      <p style={{ marginTop: 0 }}>{t('routeTest.hint')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit();
        }}
      >
        <FormFields form={form} fields={fields} testId="route-test" />
        {form.failure && (
          <p className="p-error" role="alert">
            {messageText(form.failure)}
          </p>
        )}
        <Button type="submit" data-testid="route-test-run" label={t('routeTest.run')} loading={form.busy} />
      </form>
      <div aria-live="polite" data-testid="route-test-result">
        {answer && (
          <InfoList
            rows={[
              [t('routeTest.carrier'), <span data-testid="route-test-carrier">{answer.carrier ?? none}</span>],
              [t('routeTest.routeId'), answer.routeId === null ? none : `#${answer.routeId}`],
              [
                t('routeTest.destination'),
                answer.country ? `${answer.destination} (${answer.country})` : answer.destination,
              ],
              [
                t('routeTest.source'),
                <span data-testid="route-test-source">
                  {answer.source ? t('routeTest.sourceValue', answer.source) : none}
                </span>,
              ],
              [t('routeTest.reason'), <span data-testid="route-test-reason">{answer.reason}</span>],
            ]}
          />
        )}
      </div>
    </section>
  );
}
