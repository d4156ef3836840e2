import type { HomeDefect } from '@buglet/contracts';
import { Empty, Flex, List, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DefectStateTag, useLevelText } from '../defects/index.ts';
import { useOpenProjectLink } from '../notices/index.ts';

export const defectPath = (d: { defectId: number; projectId: number }) =>
  `/project/defect?defectId=${d.defectId}&projectId=${d.projectId}`;

/** Defects as the home page lists them: one click opens the defect in its project. */
export function HomeDefectList({
  items,
  emptyText,
  testId,
  extra,
}: {
  items: readonly (HomeDefect & { updateBy?: string | null })[];
  emptyText: string;
  testId: string;
  extra?: (d: HomeDefect & { updateBy?: string | null }) => string;
}) {
  const { t } = useTranslation();
  const levelText = useLevelText();
  const open = useOpenProjectLink();
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <List
      size="small"
      data-testid={testId}
      dataSource={[...items]}
      renderItem={(d) => (
        <List.Item
          className="home-item"
          data-defect-id={d.defectId}
          onClick={() => void open(defectPath(d))}
          style={{ cursor: 'pointer' }}
        >
          <Flex vertical gap={2} style={{ minWidth: 0, width: '100%' }}>
            <Flex gap={6} align="center" wrap>
              <DefectStateTag state={d.defectState} />
              {d.isOverdue ? <Tag color="red">{t('home.overdue')}</Tag> : null}
              <Typography.Text strong ellipsis style={{ maxWidth: '100%' }}>
                #{d.projectNum} {d.defectName}
              </Typography.Text>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {d.projectName} · {levelText(d.defectLevel)}
              {d.planEndTime ? (
                <Tooltip title={t('home.plan-end')}>
                  {' · '}
                  {d.planEndTime.slice(0, 10)}
                </Tooltip>
              ) : null}
              {extra ? ` · ${extra(d)}` : null}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}
