import { BugOutlined, DeleteOutlined, EditOutlined, OrderedListOutlined } from '@ant-design/icons';
import type { TestCase } from '@buglet/contracts';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Pagination,
  type PaginationProps,
  Row,
  Spin,
  Tooltip,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { FocusAvatars } from '../../components/focus-avatars.tsx';
import type { CaseActions } from './case-table.tsx';
import { ModulePath } from './case-table.tsx';
import { CaseStateTag, DefectCountBadges, LevelRing } from './case-tags.tsx';

interface CaseCardsProps extends CaseActions {
  rows: readonly TestCase[];
  isLoading: boolean;
  pagination: PaginationProps | false;
}

function CardAction({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        icon={icon}
        onClick={(e) => {
          // The card itself opens the case.
          e.stopPropagation();
          onClick();
        }}
      />
    </Tooltip>
  );
}

function CaseCard({
  testCase: c,
  onOpen,
  onEdit,
  onDelete,
  onReportDefect,
}: CaseActions & { testCase: TestCase }) {
  const { t } = useTranslation();
  const canReport = usePermi(['system:defect:add']);
  const canEdit = usePermi(['system:case:edit']);
  const canRemove = usePermi(['system:case:remove']);
  const actions = [
    canReport ? (
      <CardAction
        key="defect"
        label={t('case.report-defect')}
        icon={<BugOutlined />}
        onClick={() => onReportDefect(c)}
      />
    ) : null,
    canEdit ? (
      <CardAction key="edit" label={t('modify')} icon={<EditOutlined />} onClick={() => onEdit(c)} />
    ) : null,
    canRemove ? (
      <CardAction key="delete" label={t('delete')} icon={<DeleteOutlined />} onClick={() => onDelete(c)} />
    ) : null,
  ].filter(Boolean);
  return (
    <Card
      size="small"
      hoverable
      className="case-card"
      data-case-num={c.caseNum}
      onClick={() => onOpen(c.caseId)}
      actions={actions}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1 } }}
    >
      <Flex vertical gap={6}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{`#${c.caseNum}`}</Typography.Text>
          <LevelRing level={c.caseLevel} />
          <CaseStateTag state={c.caseState} />
          <FocusAvatars moduleName="case" dataId={c.caseId} />
        </Flex>
        <Typography.Paragraph strong ellipsis={{ rows: 2, tooltip: c.caseName }} style={{ margin: 0 }}>
          {c.caseName}
        </Typography.Paragraph>
        <ModulePath path={c.modulePath} />
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <OrderedListOutlined /> {t('case.step-count-n', { count: c.caseStep.length })}
          </Typography.Text>
          <DefectCountBadges counts={c} />
        </Flex>
      </Flex>
    </Card>
  );
}

/** The cases as cards: number, title, level, state, deliverable, step count and defects by state. */
export function CaseCards({ rows, isLoading, pagination, ...actions }: CaseCardsProps) {
  const { t } = useTranslation();
  return (
    <Spin spinning={isLoading}>
      {rows.length === 0 ? (
        <Empty description={t('case.empty')} />
      ) : (
        <Row gutter={[12, 12]} data-testid="case-cards">
          {rows.map((c) => (
            <Col key={c.caseId} xs={24} sm={12} xxl={8}>
              <CaseCard testCase={c} {...actions} />
            </Col>
          ))}
        </Row>
      )}
      {pagination ? (
        <Flex justify="end" style={{ marginTop: 16 }}>
          <Pagination {...pagination} />
        </Flex>
      ) : null}
    </Spin>
  );
}
