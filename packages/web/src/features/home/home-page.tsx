import { ApiOutlined, BellOutlined, CalendarOutlined, EditOutlined, UserOutlined } from '@ant-design/icons';
import type { HomeDashboard } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, Flex, List, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LineChart } from '../../components/line-chart.tsx';
import { personName } from '../../lib/person-name.ts';
import { useSession } from '../../stores/session.store.ts';
import { useFollowNotice, useOpenProjectLink } from '../notices/index.ts';
import { NoTeamGuide } from '../teams/index.ts';
import { getHomeDashboard, homeKeys } from './home.api.ts';
import { HomeDefectList } from './home-defect-list.tsx';

/**
 * The signed-in person's start page, across their teams: what waits for them, what they made that
 * moved, their failed cases, recent notices and the projects they follow — each one click from
 * the item. One request; a defect notice refreshes it.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const hasTeam = useSession((s) => Boolean(s.config?.currentTeamId));
  // Coming back to the start page always shows it as it is now.
  const query = useQuery({
    queryKey: homeKeys.dashboard,
    queryFn: getHomeDashboard,
    refetchOnMount: 'always',
  });
  const home = query.data?.data;

  return (
    <Flex vertical gap={16} data-testid="home">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('home.greeting', { name: user ? personName(user) : '' })}
      </Typography.Title>
      {hasTeam ? null : <NoTeamGuide />}
      {home ? <Dashboard home={home} /> : <Skeleton active paragraph={{ rows: 8 }} />}
    </Flex>
  );
}

function Dashboard({ home }: { home: HomeDashboard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const follow = useFollowNotice();
  const open = useOpenProjectLink();
  const { waiting } = home;
  return (
    <>
      <Row gutter={[16, 16]} data-testid="home-counts">
        {(
          [
            ['home.waiting.total', waiting.total, undefined],
            ['home.waiting.to-fix', waiting.toFix, undefined],
            ['home.waiting.to-review', waiting.toReview, undefined],
            ['home.waiting.overdue', waiting.overdue, waiting.overdue > 0 ? '#cf1322' : undefined],
          ] as const
        ).map(([key, value, color]) => (
          <Col key={key} xs={12} md={6}>
            <Card size="small">
              <Statistic title={t(key)} value={value} styles={{ content: color ? { color } : {} }} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            size="small"
            title={t('home.waiting.title')}
            extra={
              <Typography.Link onClick={() => navigate('/member/calendar')} data-testid="home-calendar-link">
                <CalendarOutlined /> {t('calendar.title')}
              </Typography.Link>
            }
          >
            <HomeDefectList items={waiting.items} emptyText={t('home.waiting.none')} testId="home-waiting" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('home.moved.title')}>
            <HomeDefectList
              items={home.moved}
              emptyText={t('home.moved.none')}
              testId="home-moved"
              extra={(d) => t('home.moved.by', { name: d.updateBy ?? '-', time: d.updateTime.slice(5, 16) })}
            />
          </Card>
        </Col>
        {home.toRetest.length > 0 ? (
          <Col xs={24} lg={12}>
            <Card size="small" title={t('home.retest.title')}>
              <List
                size="small"
                data-testid="home-retest"
                dataSource={home.toRetest}
                renderItem={(i) => (
                  <List.Item
                    className="home-item"
                    style={{ cursor: 'pointer' }}
                    onClick={() => void open(`/project/plan?run=${i.planId}&projectId=${i.projectId}`)}
                  >
                    <Typography.Text ellipsis>
                      #{i.caseNum} {i.caseName}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                      {i.planName} · {i.projectName}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        ) : null}
        <Col xs={24} lg={12}>
          <Card size="small" title={t('home.cases.title')}>
            {home.failedCases.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.cases.none')} />
            ) : (
              <List
                size="small"
                dataSource={home.failedCases}
                renderItem={(c) => (
                  <List.Item
                    className="home-item"
                    style={{ cursor: 'pointer' }}
                    onClick={() => void open(`/project/case?caseId=${c.caseId}&projectId=${c.projectId}`)}
                  >
                    <Typography.Text ellipsis>
                      #{c.caseNum} {c.caseName}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {c.projectName}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            size="small"
            title={t('home.notices.title')}
            extra={
              <Typography.Link onClick={() => navigate('/notice/index')}>{t('home.more')}</Typography.Link>
            }
          >
            {home.notices.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.notices.none')} />
            ) : (
              <List
                size="small"
                data-testid="home-notices"
                dataSource={home.notices}
                renderItem={(n) => (
                  <List.Item
                    className="home-item"
                    style={{ cursor: 'pointer' }}
                    onClick={() => void follow(n, true)}
                  >
                    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                      <Badge dot={!n.isRead}>
                        <BellOutlined />
                      </Badge>
                      <Typography.Text ellipsis strong={!n.isRead}>
                        {n.noticeTitle}
                      </Typography.Text>
                    </Flex>
                    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                      {n.createTime.slice(5, 16)}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      </Row>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('home.followed.title')}
      </Typography.Title>
      {home.followed.length === 0 ? (
        <Card size="small">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.followed.none')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]} data-testid="home-followed">
          {home.followed.map((p) => (
            <Col key={p.projectId} xs={24} md={12} xl={8}>
              <Card
                size="small"
                hoverable
                title={p.projectName}
                extra={<Typography.Text type="secondary">{p.teamName}</Typography.Text>}
                onClick={() => void open(`/project/defect?projectId=${p.projectId}`)}
              >
                <Typography.Text type="secondary">
                  {t('home.followed.open', { count: p.openTotal })}
                </Typography.Text>
                <LineChart
                  ariaLabel={t('home.followed.chart', { name: p.projectName })}
                  labels={p.trend.map((d) => d.day.slice(5))}
                  series={[
                    {
                      name: t('home.followed.open-series'),
                      values: p.trend.map((d) => d.open),
                      isArea: true,
                    },
                    { name: t('home.followed.created-series'), values: p.trend.map((d) => d.created) },
                    { name: t('home.followed.closed-series'), values: p.trend.map((d) => d.closed) },
                  ]}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Card size="small" data-testid="home-product">
        <Flex gap={16} wrap align="center" justify="space-between">
          <Typography.Text>
            {t('system-name')} {home.version}
          </Typography.Text>
          <Flex gap={16} wrap>
            <Typography.Link onClick={() => navigate('/member/profile')}>
              <UserOutlined /> {t('personal-center')}
            </Typography.Link>
            <Typography.Link onClick={() => navigate('/member/calendar')}>
              <CalendarOutlined /> {t('calendar.title')}
            </Typography.Link>
            <Typography.Link onClick={() => navigate('/member/life')}>
              <EditOutlined /> {t('defect.my-life')}
            </Typography.Link>
            <Typography.Link onClick={() => navigate('/tool/swagger')}>
              <ApiOutlined /> {t('home.api-docs')}
            </Typography.Link>
          </Flex>
        </Flex>
      </Card>
    </>
  );
}
