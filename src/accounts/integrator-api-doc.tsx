import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { integratorApiDocEndpoint } from '../../contract/endpoints/account.endpoints';
import { usePlatformRead } from '../data/use-platform-read';

// The integrator API as an integrator reads it, apart from the console's own endpoints: the full address of each call,
// how every call is signed, its parameters, an example request and answer, and the refusal codes. Read from the
// platform's integrator OpenAPI document, so the page and the file integrators load into their tools say the same.

interface Param {
  name: string;
  in: string;
  required?: boolean;
}
interface Op {
  summary?: string;
  description?: string;
  parameters?: Param[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
}
interface IntegratorDoc {
  info?: { description?: string };
  servers?: { url: string }[];
  paths?: Record<string, Record<string, Op>>;
  components?: {
    responses?: Record<
      string,
      { content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }> }
    >;
  };
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

export function IntegratorApiDoc() {
  const { t } = useTranslation();
  const { data, failure } = usePlatformRead(integratorApiDocEndpoint, {});
  const doc = data as IntegratorDoc | null;
  const base = doc?.servers?.[0]?.url ?? '';
  const codes =
    doc?.components?.responses?.IntegratorFailure?.content?.['application/json']?.schema?.properties?.code?.enum ?? [];
  return (
    <div data-testid="integrator-doc">
      {failure}
      <p>
        {t('account.integratorHint')}{' '}
        <a href={`${base}/openapi.json`} target="_blank" rel="noreferrer">
          openapi.json
        </a>
      </p>
      {doc && (
        <>
          <p>
            <strong>{t('account.integratorBase')}:</strong>{' '}
            <code data-testid="integrator-base">{`${window.location.origin}${base}`}</code>
          </p>
          <h4>{t('account.integratorSigning')}</h4>
          <p data-testid="integrator-signing" style={{ whiteSpace: 'pre-wrap' }}>
            {doc.info?.description}
          </p>
          {Object.entries(doc.paths ?? {}).map(([path, ops]) =>
            Object.entries(ops).map(([method, op]) => {
              const example = op.requestBody?.content?.['application/json']?.example;
              const answer = op.responses?.['200']?.content?.['application/json']?.example;
              return (
                <details key={`${method} ${path}`} data-testid="integrator-call">
                  <summary>
                    <Tag value={method.toUpperCase()} /> <code>{`${base}${path}`}</code>
                  </summary>
                  {op.description && <p>{op.description}</p>}
                  {(op.parameters?.length ?? 0) > 0 && (
                    <table aria-label={t('account.integratorParams')}>
                      <thead>
                        <tr>
                          <th scope="col">{t('account.integratorParam')}</th>
                          <th scope="col">{t('account.integratorIn')}</th>
                          <th scope="col">{t('account.integratorRequired')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {op.parameters!.map((p) => (
                          <tr key={`${p.in} ${p.name}`}>
                            <td>
                              <code>{p.name}</code>
                            </td>
                            <td>{p.in}</td>
                            <td>{p.required ? '✓' : ''}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                  {example !== undefined && (
                    <>
                      <h5>{t('account.integratorExampleRequest')}</h5>
                      <pre style={{ whiteSpace: 'pre-wrap' }}>{json(example)}</pre>
                    </>
                  )}
                  {answer !== undefined && (
                    <>
                      <h5>{t('account.integratorExampleResponse')}</h5>
                      <pre style={{ whiteSpace: 'pre-wrap' }}>{json(answer)}</pre>
                    </>
                  )}
                </details>
              );
            }),
          )}
          <h4>{t('account.integratorErrors')}</h4>
          <p data-testid="integrator-codes">
            {codes.map((c) => (
              <code key={c} style={{ marginRight: 8 }}>
                {c}
              </code>
            ))}
          </p>
        </>
      )}
    </div>
  );
}
