import { Card, Col, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { RowAction } from './row-actions.tsx';

interface OptionCardProps {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}

/** A card of a settings hub: icon, bold title over a grey description, then a column of links. */
export function OptionCard({ icon, title, description, children }: OptionCardProps) {
  return (
    <Col xs={24} sm={12} lg={8} xl={6}>
      <Card
        style={{ height: '100%' }}
        title={
          <Flex gap={12} align="center" style={{ padding: '12px 0' }}>
            <span style={{ fontSize: 26, color: 'var(--ant-color-primary)' }}>{icon}</span>
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text strong>{title}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                {description}
              </Typography.Text>
            </Flex>
          </Flex>
        }
      >
        <Flex vertical align="flex-start" gap={4}>
          {children}
        </Flex>
      </Card>
    </Col>
  );
}

interface OptionLinkProps {
  permi: readonly string[];
  to?: string;
  onClick?: () => void;
  isDanger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** A link in an option card, shown only with its permission. */
export function OptionLink({ permi, to, onClick, isDanger, disabled, children }: OptionLinkProps) {
  const navigate = useNavigate();
  return (
    <RowAction
      permi={permi}
      danger={isDanger}
      disabled={disabled}
      style={{ paddingInline: 0 }}
      onClick={() => (to ? navigate(to) : onClick?.())}
    >
      {children}
    </RowAction>
  );
}
