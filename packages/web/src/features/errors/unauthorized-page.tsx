import { useTranslation } from 'react-i18next';
import { ErrorPage } from './error-page.tsx';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return <ErrorPage status="403" title={t('error.401.title')} description={t('error.401.description')} />;
}
