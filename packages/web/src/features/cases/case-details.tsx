import { BugOutlined } from '@ant-design/icons';
import type { TestCase } from '@buglet/contracts';
import { Descriptions, Divider, Empty, Flex, Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PermiButton } from '../../components/permi-button.tsx';
import { PersonLabel } from '../../components/person-label.tsx';
import { attachmentName } from '../../lib/attachment-name.ts';
import { assetUrl } from '../../lib/http.ts';
import { MarkdownView, splitPaths } from '../defects/index.ts';
import { CaseHistory } from './case-history.tsx';
import { StepNumber } from './case-steps-editor.tsx';
import { CaseStateTag, DefectCountBadges, LevelRing } from './case-tags.tsx';

/** A case's text in Markdown (the one pipeline: lists, tables, code, links), or a dash. */
function Text({ value }: { value: string | null | undefined }) {
  return value?.trim() ? (
    <MarkdownView source={value} />
  ) : (
    <Typography.Text type="secondary">-</Typography.Text>
  );
}

export interface StepListProps {
  testCase: TestCase;
  onReportDefect: (stepIndex: number) => void;
}

/** The steps as a numbered list, each with its expected result and a "defect at this step" button. */
function StepList({ testCase, onReportDefect }: StepListProps) {
  const { t } = useTranslation();
  if (testCase.caseStep.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('case.no-steps')} />;
  return (
    <ol className="case-step-list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {testCase.caseStep.map((step, index) => (
        <li
          // Steps have no id; their order is their identity here.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          data-testid="case-step"
          style={{ borderBottom: '1px solid var(--ant-color-split)', padding: '8px 0' }}
        >
          <Flex gap={8} align="start">
            <StepNumber num={index + 1} />
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <MarkdownView source={step.stepDescribe} />
              {step.stepExpect ? (
                <div className="case-step-expect">
                  <MarkdownView source={t('case.step.expect-is', { expect: step.stepExpect })} />
                </div>
              ) : null}
            </Flex>
            <PermiButton
              permi={['system:defect:add']}
              size="small"
              type="text"
              danger
              icon={<BugOutlined />}
              aria-label={t('case.step.report-defect', { num: index + 1 })}
              title={t('case.step.report-defect', { num: index + 1 })}
              onClick={() => onReportDefect(index)}
            >
              {t('case.step.defect')}
            </PermiButton>
          </Flex>
        </li>
      ))}
    </ol>
  );
}

/** Everything about a case: where it is, its state and defects, preconditions, steps, expected result. */
export function CaseDetails({ testCase, onReportDefect }: StepListProps) {
  const { t } = useTranslation();
  const images = splitPaths(testCase.imgUrls);
  const annexes = splitPaths(testCase.annexUrls);
  const section = (title: string) => (
    <Divider titlePlacement="start" style={{ margin: '16px 0 8px' }}>
      {title}
    </Divider>
  );
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'module', label: t('module.deliverable'), children: testCase.modulePath || '-' },
          { key: 'level', label: t('case.level'), children: <LevelRing level={testCase.caseLevel} /> },
          { key: 'state', label: t('case.state'), children: <CaseStateTag state={testCase.caseState} /> },
          {
            key: 'creator',
            label: t('case.creator'),
            children: <PersonLabel person={testCase.creator} fallback={testCase.createBy} />,
          },
          { key: 'created', label: t('create-time'), children: testCase.createTime },
          { key: 'updated', label: t('update-time'), children: testCase.updateTime },
          {
            key: 'defects',
            label: t('case.defects'),
            span: 'filled',
            children: (
              <span data-testid="case-defect-counts">
                <DefectCountBadges counts={testCase} isFull />
              </span>
            ),
          },
        ]}
      />
      {section(t('case.preconditions'))}
      <Text value={testCase.casePreconditions} />
      {section(t('case.steps'))}
      <StepList testCase={testCase} onReportDefect={onReportDefect} />
      {section(t('case.expect'))}
      <Text value={testCase.caseExpect} />
      {testCase.caseData ? (
        <>
          {section(t('case.data'))}
          <Text value={testCase.caseData} />
        </>
      ) : null}
      {testCase.remark ? (
        <>
          {section(t('remark'))}
          <Text value={testCase.remark} />
        </>
      ) : null}
      {images.length > 0 ? (
        <>
          {section(t('case.images'))}
          <Image.PreviewGroup>
            <Space wrap>
              {images.map((path) => (
                <Image
                  key={path}
                  src={assetUrl(path)}
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover' }}
                />
              ))}
            </Space>
          </Image.PreviewGroup>
        </>
      ) : null}
      {annexes.length > 0 ? (
        <>
          {section(t('case.annexes'))}
          <Flex vertical gap={4} data-testid="case-annexes">
            {annexes.map((path) => (
              <Typography.Link key={path} href={assetUrl(path)} download={attachmentName(path)}>
                {attachmentName(path)}
              </Typography.Link>
            ))}
          </Flex>
        </>
      ) : null}
      {section(t('case.history'))}
      <CaseHistory caseId={testCase.caseId} updateTime={testCase.updateTime} />
    </>
  );
}
