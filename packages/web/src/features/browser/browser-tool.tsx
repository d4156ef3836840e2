import {
  BorderHorizontalOutlined,
  BorderOutlined,
  BorderVerticleOutlined,
  ExportOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Segmented, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http.ts';
import { defectKeys } from '../../lib/query-keys.ts';
import { uploadFile } from '../../lib/upload.ts';
import { DefectFormDrawer, type FormTarget, useProjectMembers } from '../defects/index.ts';
import { useCurrentProjectId } from '../teams/index.ts';
import { listScreenSizes, screenSizeKeys } from './browser.api.ts';
import { BrowserPane } from './browser-pane.tsx';
import { type CaptureFacts, defectDescription, defectTitle, evidenceText } from './browser-pane-rules.ts';
import { DefectLogDrawer } from './defect-log-drawer.tsx';

type Split = 'single' | 'horizontal' | 'vertical';
const ALL_SIZES = { pageNum: 1, pageSize: 200 };

/** The screenshot as the original's screen-shot upload takes it, with the page it shows. */
const uploadShot = (fileBody: string, srcUrl: string) =>
  http.post<{ data?: { fileUrl: string } }>('/common/upload/screen-shot', {
    fileBody,
    srcUrl: srcUrl.slice(0, 2000),
  });

const stamp = (d: Date) => d.toISOString().replace(/\D/g, '').slice(0, 14);

/**
 * The browser-testing tool: one or two panes (side by side or stacked), each a page at a device
 * size; a screenshot opens the create-defect drawer with the image, the page's address and size
 * in the description, and the page's evidence (console errors, failed requests) as a .txt file.
 * The same component is the full-screen page (/tools/browser) and the project menu's page.
 */
export function BrowserTool({ isFullScreen }: { isFullScreen: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const projectId = useCurrentProjectId();
  const { members } = useProjectMembers(projectId);
  const [split, setSplit] = useState<Split>('single');
  const [isLogOpen, setLogOpen] = useState(false);
  const [formTarget, setFormTarget] = useState<FormTarget>();
  const sizes = useQuery({
    queryKey: screenSizeKeys.list(ALL_SIZES),
    queryFn: () => listScreenSizes(ALL_SIZES),
  });

  const onCaptured = async (dataUrl: string, facts: CaptureFacts) => {
    if (projectId <= 0) {
      message.warning(t('browser.no-project'));
      return;
    }
    const hide = message.loading(t('browser.filing'), 0);
    try {
      const shot = await uploadShot(dataUrl, facts.url);
      const text = evidenceText(facts, t);
      const file = new File([text], `evidence-${stamp(facts.capturedAt)}.txt`, { type: 'text/plain' });
      const evidence = await uploadFile(file);
      setFormTarget({
        prefill: {
          defectName: defectTitle(facts),
          defectDescribe: defectDescription(facts, t),
          imgUrls: shot.data?.fileUrl,
          annexUrls: evidence.fileName,
        },
      });
    } catch {
      // The HTTP layer already showed the server's reason.
    } finally {
      hide();
    }
  };

  const pane = (testId: string, onClose?: () => void) => (
    <BrowserPane
      testId={testId}
      sizes={sizes.data?.rows ?? []}
      onCaptured={(dataUrl, facts) => void onCaptured(dataUrl, facts)}
      {...(onClose ? { onClose } : {})}
    />
  );

  return (
    <Flex
      vertical
      style={{ height: isFullScreen ? '100vh' : 'calc(100vh - 140px)', minHeight: 420, background: '#fff' }}
    >
      <Flex align="center" gap={8} wrap style={{ padding: '6px 8px', borderBottom: '1px solid #e5e6eb' }}>
        <Typography.Text strong style={{ marginInlineEnd: 'auto' }}>
          {t('browser.title')}
        </Typography.Text>
        <Segmented<Split>
          size="small"
          value={split}
          onChange={setSplit}
          options={[
            { value: 'single', icon: <BorderOutlined />, label: t('browser.split.single') },
            { value: 'horizontal', icon: <BorderVerticleOutlined />, label: t('browser.split.horizontal') },
            { value: 'vertical', icon: <BorderHorizontalOutlined />, label: t('browser.split.vertical') },
          ]}
        />
        <Button size="small" icon={<UnorderedListOutlined />} onClick={() => setLogOpen(true)}>
          {t('browser.defect-log')}
        </Button>
        {isFullScreen ? null : (
          <Tooltip title={t('browser.new-window.hint')}>
            <Button size="small" icon={<ExportOutlined />} href="#/tools/browser" target="_blank">
              {t('browser.new-window')}
            </Button>
          </Tooltip>
        )}
      </Flex>
      <Flex style={{ flex: 1, minHeight: 0 }} vertical={split === 'vertical'} gap={4}>
        {pane('browser-pane-1')}
        {split === 'single' ? null : pane('browser-pane-2', () => setSplit('single'))}
      </Flex>
      <DefectLogDrawer projectId={projectId} isOpen={isLogOpen} onClose={() => setLogOpen(false)} />
      <DefectFormDrawer
        projectId={projectId}
        members={members}
        target={formTarget}
        onClose={() => setFormTarget(undefined)}
        onSaved={() => {
          setFormTarget(undefined);
          void queryClient.invalidateQueries({ queryKey: defectKeys.all });
        }}
      />
    </Flex>
  );
}
