import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface PageHeaderBarProps {
  title: ReactNode;
  /** Where Back leads; the previous page when left out. */
  backTo?: string;
  extra?: ReactNode;
}

/** "‹ Back | Title" at the top of a settings or form page. */
export function PageHeaderBar({ title, backTo, extra }: PageHeaderBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => (backTo ? navigate(backTo) : navigate(-1));
  return (
    <Flex align="center" justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
      <Flex align="center">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={back}>
          {t('back')}
        </Button>
        <Divider orientation="vertical" />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Flex>
      {extra}
    </Flex>
  );
}
