import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface ErrorPageProps {
  status: '404' | '403';
  title: string;
  description: string;
}

export function ErrorPage({ status, title, description }: ErrorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={title}
      subTitle={description}
      extra={[
        <Button key="back" onClick={() => navigate(-1)}>
          {t('back')}
        </Button>,
        <Button key="home" type="primary" onClick={() => navigate('/index')}>
          {t('back-home')}
        </Button>,
      ]}
    />
  );
}
