import { useTranslation } from 'react-i18next';
import { ErrorPage } from './error-page.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage status="404" title={t('error.404.title')} description={t('error.404.description')} />;
}
