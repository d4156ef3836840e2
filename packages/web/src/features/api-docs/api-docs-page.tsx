import { API_KEY_HEADER } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Result, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading.tsx';
import { apiDocsKeys, fetchApiDocs, withSession } from './api-docs.api.ts';
import { loadSwaggerUi } from './swagger-ui-loader.ts';
import './api-docs.css';

/** Swagger UI settings: "try it out" open, nothing fetched from elsewhere, the app's hash routes left alone. */
const SWAGGER_OPTIONS = {
  tryItOutEnabled: true,
  requestInterceptor: withSession,
  // Its default asks validator.swagger.io about the document; the CSP would refuse it anyway.
  validatorUrl: null,
  // Deep links would rewrite the location hash the app's router lives in.
  deepLinking: false,
  docExpansion: 'none' as const,
  filter: true,
  displayRequestDuration: true,
  defaultModelsExpandDepth: 0,
};

/**
 * The API documentation (menu tool/swagger): the server's OpenAPI document in Swagger UI, whose
 * "try it out" calls the server as the signed-in person.
 */
export default function ApiDocsPage() {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const doc = useQuery({
    queryKey: apiDocsKeys.document(i18n.language),
    queryFn: fetchApiDocs,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [isRendered, setRendered] = useState(false);
  const [isLoadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    const spec = doc.data;
    const container = host.current;
    if (!spec || !container) return;
    // Swagger UI renders into an element of its own, removed with the page (or a second effect run).
    const target = document.createElement('div');
    container.append(target);
    let isCancelled = false;
    loadSwaggerUi().then(
      (SwaggerUIBundle) => {
        if (isCancelled) return;
        SwaggerUIBundle({
          domNode: target,
          spec,
          ...SWAGGER_OPTIONS,
          onComplete: () => {
            // Swagger UI's server picker has a visual label only.
            target.querySelector('select#servers')?.setAttribute('aria-label', t('apiDocs.servers'));
            setRendered(true);
          },
        });
      },
      () => setLoadFailed(true),
    );
    return () => {
      isCancelled = true;
      target.remove();
    };
  }, [doc.data, t]);

  const isFailed = doc.isError || isLoadFailed;
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('apiDocs.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('apiDocs.describe')}</Typography.Paragraph>
      <Alert type="info" showIcon title={t('apiDocs.open-api', { header: API_KEY_HEADER })} />
      {isFailed ? <Result status="warning" title={t('apiDocs.load-failed')} /> : null}
      {!isFailed && !isRendered ? <PageLoading /> : null}
      <div ref={host} className="api-docs" data-testid="api-docs" />
    </Card>
  );
}
