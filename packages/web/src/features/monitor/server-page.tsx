import { ReloadOutlined } from '@ant-design/icons';
import type { ServerInfo } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Progress, Row, Skeleton, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getServerInfo, monitorKeys } from './monitor.api.ts';

const pct = (n: number) => `${n.toFixed(2)} %`;
/** Above this share a figure is shown in red, as the original's page does. */
const HIGH = 80;

function Share({ value, label }: { value: number; label?: string }) {
  return (
    <Progress
      aria-label={label ? `${label}: ${pct(value)}` : pct(value)}
      percent={Math.round(value * 10) / 10}
      size="small"
      status={value > HIGH ? 'exception' : 'normal'}
      format={() => pct(value)}
    />
  );
}

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title} size="small" style={{ height: '100%' }}>
      {children}
    </Card>
  );
}

function Cpu({ cpu }: { cpu: ServerInfo['cpu'] }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small">
      <Descriptions.Item label={t('server.cpu.model')}>{cpu.model}</Descriptions.Item>
      <Descriptions.Item label={t('server.cpu.cores')}>{cpu.cpuNum}</Descriptions.Item>
      <Descriptions.Item label={t('server.cpu.user')}>
        <Share value={cpu.used} />
      </Descriptions.Item>
      <Descriptions.Item label={t('server.cpu.sys')}>
        <Share value={cpu.sys} />
      </Descriptions.Item>
      <Descriptions.Item label={t('server.cpu.wait')}>{pct(cpu.wait)}</Descriptions.Item>
      <Descriptions.Item label={t('server.cpu.free')}>{pct(cpu.free)}</Descriptions.Item>
      <Descriptions.Item label={t('server.cpu.load')}>{cpu.loadAverage.join(' / ')}</Descriptions.Item>
    </Descriptions>
  );
}

function Memory({ mem, node }: { mem: ServerInfo['mem']; node: ServerInfo['node'] }) {
  const { t } = useTranslation();
  const rows = [
    { key: 'total', label: t('server.mem.total'), machine: `${mem.total} GB`, heap: `${node.heapLimit} MB` },
    { key: 'used', label: t('server.mem.used'), machine: `${mem.used} GB`, heap: `${node.heapUsed} MB` },
    {
      key: 'free',
      label: t('server.mem.free'),
      machine: `${mem.free} GB`,
      heap: `${(node.heapLimit - node.heapUsed).toFixed(2)} MB`,
    },
    {
      key: 'usage',
      label: t('server.mem.usage'),
      machine: <Share value={mem.usage} />,
      heap: <Share value={node.usage} />,
    },
  ];
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      columns={[
        { title: t('server.property'), dataIndex: 'label' },
        { title: t('server.mem.machine'), dataIndex: 'machine' },
        { title: t('server.mem.heap'), dataIndex: 'heap' },
      ]}
    />
  );
}

function NodeProcess({ info }: { info: ServerInfo }) {
  const { t } = useTranslation();
  const { node, jvm, sys } = info;
  const delay = node.eventLoopDelay;
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
      <Descriptions.Item label={t('server.node.version')}>
        {node.name} {node.version}
      </Descriptions.Item>
      <Descriptions.Item label={t('server.node.pid')}>{node.pid}</Descriptions.Item>
      <Descriptions.Item label={t('server.node.start')}>{node.startTime}</Descriptions.Item>
      <Descriptions.Item label={t('server.node.uptime')}>{jvm.runTime}</Descriptions.Item>
      <Descriptions.Item label={t('server.node.heap')}>
        {t('server.node.heap-value', { used: node.heapUsed, total: node.heapTotal, limit: node.heapLimit })}
      </Descriptions.Item>
      <Descriptions.Item label={t('server.node.rss')}>
        {node.rss} MB {node.external > 0 ? t('server.node.external', { mb: node.external }) : null}
      </Descriptions.Item>
      <Descriptions.Item label={t('server.node.loop')} span={{ xs: 1, md: 2 }}>
        <Tag color={delay.p99 > 100 ? 'red' : delay.p99 > 20 ? 'orange' : 'green'}>p99 {delay.p99} ms</Tag>
        {t('server.node.loop-value', { mean: delay.mean, p50: delay.p50, max: delay.max })}
      </Descriptions.Item>
      <Descriptions.Item label={t('server.node.home')} span={{ xs: 1, md: 2 }}>
        {node.home} {node.inputArgs}
      </Descriptions.Item>
      <Descriptions.Item label={t('server.sys.name')}>{sys.computerName}</Descriptions.Item>
      <Descriptions.Item label={t('server.sys.ip')}>{sys.computerIp}</Descriptions.Item>
      <Descriptions.Item label={t('server.sys.os')}>{sys.osName}</Descriptions.Item>
      <Descriptions.Item label={t('server.sys.arch')}>{sys.osArch}</Descriptions.Item>
      <Descriptions.Item label={t('server.sys.dir')} span={{ xs: 1, md: 2 }}>
        {sys.userDir}
      </Descriptions.Item>
    </Descriptions>
  );
}

function Disks({ files }: { files: ServerInfo['sysFiles'] }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="dirName"
      dataSource={files}
      scroll={{ x: 900 }}
      columns={[
        { title: t('server.disk.dir'), dataIndex: 'dirName', width: 220, ellipsis: { showTitle: true } },
        { title: t('server.disk.role'), dataIndex: 'typeName', width: 120 },
        { title: t('server.disk.type'), dataIndex: 'sysTypeName', width: 90 },
        { title: t('server.disk.total'), dataIndex: 'total', width: 100 },
        { title: t('server.disk.free'), dataIndex: 'free', width: 100 },
        { title: t('server.disk.used'), dataIndex: 'used', width: 100 },
        {
          title: t('server.disk.usage'),
          dataIndex: 'usage',
          width: 160,
          render: (v: number) => <Share value={v} />,
        },
      ]}
    />
  );
}

/** The server page (`/monitor/server`): CPU, memory, the Node process and the disks of the data. */
export default function ServerPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: monitorKeys.server, queryFn: getServerInfo });
  const info = query.data;
  const refresh = (
    <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
      {t('refresh')}
    </Button>
  );
  if (!info)
    return <Card extra={refresh}>{query.isError ? t('server.unavailable') : <Skeleton active />}</Card>;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24} style={{ textAlign: 'right' }}>
        {refresh}
      </Col>
      <Col xs={24} lg={12}>
        <InfoCard title={t('server.cpu')}>
          <Cpu cpu={info.cpu} />
        </InfoCard>
      </Col>
      <Col xs={24} lg={12}>
        <InfoCard title={t('server.mem')}>
          <Memory mem={info.mem} node={info.node} />
        </InfoCard>
      </Col>
      <Col span={24}>
        <InfoCard title={t('server.node')}>
          <NodeProcess info={info} />
        </InfoCard>
      </Col>
      <Col span={24}>
        <InfoCard title={t('server.disks')}>
          <Disks files={info.sysFiles} />
        </InfoCard>
      </Col>
    </Row>
  );
}
