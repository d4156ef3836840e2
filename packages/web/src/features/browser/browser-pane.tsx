import {
  BugOutlined,
  CameraOutlined,
  CloseOutlined,
  ReloadOutlined,
  RotateRightOutlined,
} from '@ant-design/icons';
import { pixelsOf, type ScreenSize } from '@buglet/contracts';
import { Alert, AutoComplete, Badge, Button, Flex, Input, Popover, Select, Tooltip, Typography } from 'antd';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CaptureFacts,
  errorsOf,
  type FrameSize,
  failuresOf,
  LAST_URL_KEY,
  normalizeAddress,
  parsePixels,
  readHistory,
  rememberAddress,
  scaleOf,
  ZOOMS,
  type Zoom,
} from './browser-pane-rules.ts';
import { EvidenceList } from './evidence-list.tsx';
import { useElementSize } from './use-element-size.ts';
import { usePaneFrame } from './use-pane-frame.ts';

/**
 * The frame carries the proxy's sandbox as an attribute too: scripts, forms, pop-ups and dialogs,
 * but never allow-same-origin, so the page cannot reach the app's storage or session (the proxy's
 * Content-Security-Policy says the same; see the server's proxy-page.ts).
 */
const SANDBOX = 'allow-scripts allow-forms allow-popups allow-modals';

interface BrowserPaneProps {
  sizes: readonly ScreenSize[];
  /** A screenshot was taken: the tool files the defect. */
  onCaptured: (dataUrl: string, facts: CaptureFacts) => void;
  /** Closing a split pane; absent for the only one. */
  onClose?: () => void;
  testId: string;
}

type SizeChoice = 'full' | 'custom' | number;

const frameSizeOf = (size: ScreenSize): FrameSize | undefined => {
  const width = pixelsOf(size.width);
  const height = pixelsOf(size.height);
  return width && height ? { width, height } : undefined;
};

/** One browser pane: its own address, size, zoom and page; the screenshot button files a defect. */
export function BrowserPane({ sizes, onCaptured, onClose, testId }: BrowserPaneProps) {
  const { t } = useTranslation();
  const pane = usePaneFrame();
  const [address, setAddress] = useState(() => sessionStorage.getItem(LAST_URL_KEY) ?? '');
  const [history, setHistory] = useState(readHistory);
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const [choice, setChoice] = useState<SizeChoice>('full');
  const [custom, setCustom] = useState<FrameSize>({ width: 390, height: 844 });
  const [isRotated, setRotated] = useState(false);
  const [zoom, setZoom] = useState<Zoom>(100);
  const [isCapturing, setCapturing] = useState(false);
  const [captureError, setCaptureError] = useState<string>();
  const area = useRef<HTMLDivElement>(null);
  const areaSize = useElementSize(area);

  const preset = typeof choice === 'number' ? sizes.find((s) => s.screenSizeId === choice) : undefined;
  const chosen = choice === 'custom' ? custom : preset ? frameSizeOf(preset) : undefined;
  const device = chosen && isRotated ? { width: chosen.height, height: chosen.width } : chosen;
  // Full: the frame fills the pane, drawn at the zoom (a smaller zoom shows more of the page).
  const fullScale = zoom === 'fit' ? 1 : zoom / 100;
  const frame = device ?? { width: areaSize.width / fullScale, height: areaSize.height / fullScale };
  const scale = device ? scaleOf(zoom, device, areaSize) : fullScale;

  useEffect(() => {
    if (pane.loaded?.url) setAddress(pane.loaded.url);
  }, [pane.loaded?.url]);

  const go = () => {
    const url = normalizeAddress(address);
    if (!url) return;
    setAddress(url);
    // Closed, or the list of earlier addresses would stay over the page.
    setHistoryOpen(false);
    setHistory(rememberAddress(url));
    sessionStorage.setItem(LAST_URL_KEY, url);
    void pane.open(url).catch(() => {});
  };

  const takeScreenshot = async () => {
    setCapturing(true);
    setCaptureError(undefined);
    try {
      const dataUrl = await pane.capture();
      onCaptured(dataUrl, {
        url: pane.loaded?.url ?? address,
        title: pane.loaded?.title ?? '',
        size: device,
        paneSize: areaSize,
        sizeName: preset?.name ?? (choice === 'custom' ? t('browser.size.custom') : undefined),
        zoom,
        userAgent: navigator.userAgent,
        capturedAt: new Date(),
        evidence: pane.evidence,
      });
    } catch (error) {
      setCaptureError(t('browser.capture-failed', { reason: (error as Error).message }));
    } finally {
      setCapturing(false);
    }
  };

  const setPixels = (key: keyof FrameSize, text: string) => {
    const value = parsePixels(text);
    if (value === undefined) return;
    setCustom({ ...(device ?? custom), [key]: value });
    setRotated(false);
    setChoice('custom');
  };

  const matching = history.filter((u) => u.toLowerCase().includes(address.trim().toLowerCase()));
  const errorCount = errorsOf(pane.evidence).length;
  const failureCount = failuresOf(pane.evidence).length;
  // Full: sized in percent of the pane, so the measured size never feeds back into the layout.
  const frameStyle: CSSProperties = {
    width: device ? device.width : `${100 / scale}%`,
    height: device ? device.height : `${100 / scale}%`,
    border: 0,
    background: '#fff',
    transform: `scale(${scale})`,
    transformOrigin: '0 0',
    display: 'block',
  };

  return (
    <Flex
      vertical
      style={{ flex: 1, minWidth: 0, minHeight: 0, border: '1px solid #e5e6eb' }}
      data-testid={testId}
    >
      <Flex
        wrap
        gap={6}
        align="center"
        style={{
          padding: 6,
          background: 'var(--ant-color-fill-quaternary, #fafafa)',
          borderBottom: '1px solid var(--ant-color-border-secondary, #e5e6eb)',
        }}
      >
        <Flex gap={4} style={{ flex: '1 1 320px', minWidth: 240 }}>
          <AutoComplete
            value={address}
            options={matching.slice(0, 12).map((u) => ({ value: u, label: u }))}
            onChange={setAddress}
            onSelect={(value: string) => setAddress(value)}
            open={isHistoryOpen && matching.length > 0}
            onOpenChange={setHistoryOpen}
            style={{ flex: 1, minWidth: 0 }}
          >
            <Input
              size="small"
              aria-label={t('browser.website')}
              placeholder={t('browser.please-enter-testing-website')}
              onPressEnter={go}
            />
          </AutoComplete>
          <Button
            size="small"
            type="primary"
            disabled={!address.trim()}
            loading={pane.isOpening}
            onClick={go}
          >
            {t('browser.access')}
          </Button>
        </Flex>
        <Flex gap={4} align="center" wrap>
          <Select<SizeChoice>
            size="small"
            value={choice}
            onChange={(value) => {
              setChoice(value);
              setRotated(false);
            }}
            aria-label={t('browser.size')}
            style={{ width: 170 }}
            popupMatchSelectWidth={false}
            options={[
              { value: 'full', label: t('browser.size.full') },
              ...sizes.map((s) => ({
                value: s.screenSizeId,
                label: `${s.name} (${pixelsOf(s.width)}×${pixelsOf(s.height)})`,
              })),
              { value: 'custom', label: t('browser.size.custom') },
            ]}
          />
          <Input
            size="small"
            aria-label={t('browser.width')}
            style={{ width: 62 }}
            key={`w${Math.round(frame.width)}`}
            defaultValue={device ? String(device.width) : ''}
            placeholder={String(Math.round(frame.width) || '')}
            onPressEnter={(e) => setPixels('width', e.currentTarget.value)}
            onBlur={(e) => setPixels('width', e.currentTarget.value)}
          />
          <span>×</span>
          <Input
            size="small"
            aria-label={t('browser.height')}
            style={{ width: 62 }}
            key={`h${Math.round(frame.height)}`}
            defaultValue={device ? String(device.height) : ''}
            placeholder={String(Math.round(frame.height) || '')}
            onPressEnter={(e) => setPixels('height', e.currentTarget.value)}
            onBlur={(e) => setPixels('height', e.currentTarget.value)}
          />
          <Select<Zoom>
            size="small"
            value={zoom}
            onChange={setZoom}
            aria-label={t('browser.zoom')}
            style={{ width: 96 }}
            options={[
              ...ZOOMS.map((z) => ({ value: z, label: `${z} %` })),
              { value: 'fit' as const, label: t('browser.zoom.fit') },
            ]}
          />
          <Tooltip title={t('browser.rotate')}>
            <Button
              size="small"
              icon={<RotateRightOutlined />}
              aria-label={t('browser.rotate')}
              disabled={!chosen}
              onClick={() => setRotated((r) => !r)}
            />
          </Tooltip>
          <Tooltip title={t('browser.reload')}>
            <Button
              size="small"
              icon={<ReloadOutlined />}
              aria-label={t('browser.reload')}
              disabled={!pane.src}
              onClick={() => void pane.reload().catch(() => {})}
            />
          </Tooltip>
          <Popover
            title={t('browser.evidence.popover')}
            content={<EvidenceList evidence={pane.evidence} />}
            trigger="click"
          >
            <Badge count={errorCount + failureCount} size="small" overflowCount={99}>
              <Button
                size="small"
                icon={<BugOutlined />}
                title={t('browser.evidence.popover')}
                data-testid="pane-evidence"
              >
                {t('browser.evidence.count', { errors: errorCount, failures: failureCount })}
              </Button>
            </Badge>
          </Popover>
          <Button
            size="small"
            type="primary"
            danger
            icon={<CameraOutlined />}
            disabled={!pane.src}
            loading={isCapturing}
            onClick={() => void takeScreenshot()}
          >
            {t('browser.screenshot')}
          </Button>
          {onClose ? (
            <Tooltip title={t('browser.close-pane')}>
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                aria-label={t('browser.close-pane')}
                onClick={onClose}
              />
            </Tooltip>
          ) : null}
        </Flex>
      </Flex>
      {pane.refusal || captureError ? (
        <Alert
          type={pane.refusal ? 'error' : 'warning'}
          showIcon
          banner
          title={pane.refusal ?? captureError}
          data-testid="pane-alert"
        />
      ) : null}
      <div
        ref={area}
        style={{
          flex: 1,
          minHeight: 0,
          overflow: 'auto',
          background: 'var(--ant-color-bg-layout, #f0f2f5)',
          position: 'relative',
        }}
      >
        {pane.src ? (
          <div
            style={{
              width: device ? device.width * scale : '100%',
              height: device ? device.height * scale : '100%',
              margin: device ? '0 auto' : 0,
              overflow: 'hidden',
              boxShadow: device ? '0 2px 10px rgba(0,0,0,.15)' : undefined,
            }}
          >
            <iframe
              ref={pane.frameRef}
              title={pane.loaded?.title || t('browser.tool')}
              src={pane.src}
              sandbox={SANDBOX}
              referrerPolicy="no-referrer"
              style={frameStyle}
            />
          </div>
        ) : (
          <Flex vertical align="center" justify="center" gap={12} style={{ height: '100%', padding: 24 }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('browser.title')}
            </Typography.Title>
            <Typography.Text type="secondary" style={{ maxWidth: 560, textAlign: 'center' }}>
              {t('browser.please-enter-testing-website-prompt')}
            </Typography.Text>
          </Flex>
        )}
      </div>
    </Flex>
  );
}
