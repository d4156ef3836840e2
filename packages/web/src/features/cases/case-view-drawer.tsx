import {
  BugOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  LeftOutlined,
  MinusCircleOutlined,
  RightOutlined,
} from '@ant-design/icons';
import type { CaseState, TestCase } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Divider, Drawer, Flex, Skeleton, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { FocusAvatars } from '../../components/focus-avatars.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useViewFocus } from '../../hooks/use-view-focus.ts';
import type { QueryObject } from '../../lib/query-string.ts';
import { useLayout } from '../../stores/layout.store.ts';
import { CaseDetails } from './case-details.tsx';
import { CaseStateTag, LevelRing } from './case-tags.tsx';
import { caseKeys, closeCaseView, deleteCases, getCase, neighbourCase, updateCase } from './cases.api.ts';

/** The tested-state buttons: pass green, fail red, untested plain. */
const MARKS: { state: CaseState; icon: ReactNode; look: ButtonProps }[] = [
  { state: 'pass', icon: <CheckCircleOutlined />, look: { color: 'green', variant: 'solid' } },
  { state: 'fail', icon: <CloseCircleOutlined />, look: { color: 'danger', variant: 'solid' } },
  { state: 'untested', icon: <MinusCircleOutlined />, look: {} },
];

interface CaseViewDrawerProps {
  caseId: number | undefined;
  onClose: () => void;
  onEdit: (testCase: TestCase) => void;
  /** A defect found with the case, or at one of its steps (index from 0). */
  onReportDefect: (testCase: TestCase, stepIndex?: number) => void;
  onChanged: () => Promise<unknown>;
  /** The list's filters: previous and next walk the cases it shows, in number order. */
  listQuery?: QueryObject;
  /** Opens another case in the drawer (previous or next). */
  onOpen?: (caseId: number) => void;
}

/** One case: mark it tested, report a defect with it (or at a step), edit or delete it. */
export function CaseViewDrawer({
  caseId,
  onClose,
  onEdit,
  onReportDefect,
  onChanged,
  listQuery,
  onOpen,
}: CaseViewDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const isMobile = useLayout((s) => s.isMobile);
  const canEdit = usePermi(['system:case:edit']);
  const [marking, setMarking] = useState<CaseState>();
  const query = useQuery({
    queryKey: caseKeys.detail(caseId ?? 0),
    queryFn: () => getCase(caseId ?? 0),
    enabled: caseId !== undefined,
    // Every opening must reach the server: that read is what marks this user as looking.
    staleTime: 0,
  });
  const testCase = query.data?.data;
  const focusList = testCase?.caseId === caseId ? testCase?.focusList : undefined;
  useViewFocus('case', caseId, focusList, query.isFetching, closeCaseView);

  const mark = async (target: TestCase, state: CaseState) => {
    setMarking(state);
    try {
      await updateCase({ caseId: target.caseId, caseState: state });
      message.success(t('case.marked', { state: t(`case.state.${state}`) }));
      await onChanged();
    } catch {
      // Reported by the HTTP layer.
    } finally {
      setMarking(undefined);
    }
  };
  const askDelete = (target: TestCase) =>
    confirm({
      content: t('case.delete-confirm', { num: target.caseNum }),
      action: async () => {
        await deleteCases([target.caseId]);
        onClose();
        await onChanged();
      },
    });

  /** The previous or next case of the list; at either end, a message says there is none. */
  const step = async (direction: 'prev' | 'next') => {
    if (!testCase || !onOpen) return;
    const next = (await neighbourCase(testCase.caseId, direction, listQuery ?? {})).data;
    if (next) onOpen(next.caseId);
    else message.info(t(direction === 'prev' ? 'case.first' : 'case.last'));
  };
  const title = testCase ? (
    <Flex gap={8} align="center" wrap>
      {onOpen ? (
        <Space.Compact>
          <Button
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('case.prev')}
            onClick={() => void step('prev')}
          />
          <Button
            size="small"
            icon={<RightOutlined />}
            aria-label={t('case.next')}
            onClick={() => void step('next')}
          />
        </Space.Compact>
      ) : null}
      <Typography.Text strong style={{ fontSize: 18 }}>{`#${testCase.caseNum}`}</Typography.Text>
      <LevelRing level={testCase.caseLevel} />
      <CaseStateTag state={testCase.caseState} />
      <FocusAvatars moduleName="case" dataId={testCase.caseId} />
      <Typography.Text strong style={{ fontSize: 16, wordBreak: 'break-word' }}>
        {testCase.caseName}
      </Typography.Text>
    </Flex>
  ) : null;

  const tools = testCase ? (
    <Flex gap={6} wrap justify="space-between">
      {canEdit ? (
        <Space.Compact>
          {MARKS.map(({ state, icon, look }) => (
            <Button
              key={state}
              size="small"
              icon={icon}
              {...(testCase.caseState === state ? look : {})}
              loading={marking === state}
              aria-pressed={testCase.caseState === state}
              onClick={() => void mark(testCase, state)}
            >
              {t(`case.mark.${state}`)}
            </Button>
          ))}
        </Space.Compact>
      ) : (
        <span />
      )}
      <Flex gap={6} wrap>
        <PermiButton
          permi={['system:defect:add']}
          size="small"
          danger
          icon={<BugOutlined />}
          onClick={() => onReportDefect(testCase)}
        >
          {t('case.report-defect')}
        </PermiButton>
        <PermiButton
          permi={['system:case:edit']}
          size="small"
          icon={<EditOutlined />}
          onClick={() => onEdit(testCase)}
        >
          {t('modify')}
        </PermiButton>
        <PermiButton
          permi={['system:case:remove']}
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() => askDelete(testCase)}
        >
          {t('delete')}
        </PermiButton>
      </Flex>
    </Flex>
  ) : null;

  return (
    <Drawer
      open={caseId !== undefined}
      rootClassName="case-view-drawer"
      title={title}
      size={isMobile ? '100%' : '55%'}
      destroyOnHidden
      onClose={onClose}
      styles={{ body: { borderLeft: '3px solid #13ce66' } }}
    >
      {testCase ? (
        <>
          {tools}
          <Divider style={{ margin: '12px 0' }} />
          <CaseDetails testCase={testCase} onReportDefect={(index) => onReportDefect(testCase, index)} />
        </>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
