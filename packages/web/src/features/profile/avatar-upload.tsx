import {
  MinusOutlined,
  PlusOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { IMAGE_EXTENSIONS, LIMITS } from '@buglet/contracts';
import { App, Avatar, Button, Col, Flex, Modal, Row, Slider, Space, Tooltip, Typography, Upload } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { useTranslation } from 'react-i18next';
import { assetUrl } from '../../lib/http.ts';
import { useSession } from '../../stores/session.store.ts';
import { canvasToPng, cropToCanvas } from './crop-image.ts';
import { uploadAvatar } from './profile.api.ts';

/** The avatar is stored as a square PNG of this many pixels (the original's crop box). */
const AVATAR_SIZE = 200;
const ZOOM = { min: 1, max: 4, step: 0.1 };

/**
 * The avatar in the personal center; a click opens the crop dialog: pick an image (png/jpg/jpeg of
 * at most 5 MB, checked here as the server checks it), zoom, rotate and move it under a square
 * crop box while a circular preview shows the result, then submit the square PNG.
 */
export function AvatarUpload({ avatar }: { avatar: string | null }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(avatar);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('avatar.click-upload')}>
        <Avatar
          size={120}
          src={assetUrl(current)}
          icon={<UserOutlined />}
          style={{ cursor: 'pointer' }}
          onClick={() => setOpen(true)}
          data-testid="profile-avatar"
        />
      </Tooltip>
      {open && (
        <AvatarCropDialog
          current={assetUrl(current) ?? null}
          onClose={() => setOpen(false)}
          onSaved={(url) => {
            setCurrent(url);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function AvatarCropDialog({
  current,
  onClose,
  onSaved,
}: {
  current: string | null;
  onClose: () => void;
  onSaved: (url: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refreshUser = useSession((s) => s.refreshUser);
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  // The picked file lives as an object URL until another is picked or the dialog closes.
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  useEffect(() => {
    if (!source || !area) return;
    let live = true;
    void cropToCanvas(source, area, rotation, 120)
      .then((canvas) => live && setPreview(canvas.toDataURL('image/png')))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [source, area, rotation]);

  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const pick = (file: File) => {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) {
      message.error(t('avatar.format-error', { formats: IMAGE_EXTENSIONS.join(', ') }));
    } else if (file.size > LIMITS.imageMaxBytes) {
      message.error(t('avatar.size-error', { size: LIMITS.imageMaxBytes / 1024 / 1024 }));
    } else {
      setSource(URL.createObjectURL(file));
      setZoom(1);
      setRotation(0);
      setCrop({ x: 0, y: 0 });
    }
    return Upload.LIST_IGNORE;
  };

  const submit = async () => {
    if (!source || !area) {
      message.warning(t('avatar.pick-first'));
      return;
    }
    setSaving(true);
    try {
      const png = await canvasToPng(await cropToCanvas(source, area, rotation, AVATAR_SIZE));
      const res = await uploadAvatar(new File([png], 'avatar.png', { type: 'image/png' }));
      message.success(t('modify-success'));
      await refreshUser().catch(() => {});
      onSaved(res.imgUrl);
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const turn = (by: number) => setRotation((r) => (r + by + 360) % 360);
  const zoomBy = (by: number) => setZoom((z) => Math.min(ZOOM.max, Math.max(ZOOM.min, z + by)));

  return (
    <Modal
      open
      title={t('avatar.title')}
      width={{ xs: '100%', md: 800 }}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Flex wrap gap={8} justify="space-between">
          <Space wrap>
            <Upload accept=".png,.jpg,.jpeg" showUploadList={false} beforeUpload={pick}>
              <Button icon={<UploadOutlined />}>{t('avatar.select')}</Button>
            </Upload>
            <Tooltip title={t('avatar.zoom-in')}>
              <Button
                icon={<PlusOutlined />}
                aria-label={t('avatar.zoom-in')}
                onClick={() => zoomBy(ZOOM.step * 2)}
              />
            </Tooltip>
            <Tooltip title={t('avatar.zoom-out')}>
              <Button
                icon={<MinusOutlined />}
                aria-label={t('avatar.zoom-out')}
                onClick={() => zoomBy(-ZOOM.step * 2)}
              />
            </Tooltip>
            <Tooltip title={t('avatar.rotate-left')}>
              <Button
                icon={<RotateLeftOutlined />}
                aria-label={t('avatar.rotate-left')}
                onClick={() => turn(-90)}
              />
            </Tooltip>
            <Tooltip title={t('avatar.rotate-right')}>
              <Button
                icon={<RotateRightOutlined />}
                aria-label={t('avatar.rotate-right')}
                onClick={() => turn(90)}
              />
            </Tooltip>
          </Space>
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={isSaving} disabled={!source} onClick={() => void submit()}>
              {t('avatar.submit')}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} md={14}>
          <div
            style={{ position: 'relative', height: 350, background: '#f0f2f5' }}
            data-testid="avatar-cropper"
          >
            {source ? (
              <Cropper
                image={source}
                crop={crop}
                zoom={zoom}
                rotation={rotation}
                minZoom={ZOOM.min}
                maxZoom={ZOOM.max}
                aspect={1}
                cropShape="rect"
                showGrid
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onRotationChange={setRotation}
                onCropComplete={onCropComplete}
              />
            ) : (
              <Flex vertical align="center" justify="center" gap={12} style={{ height: '100%' }}>
                <Avatar size={160} src={current ?? undefined} icon={<UserOutlined />} />
                <Typography.Text type="secondary">{t('avatar.pick-hint')}</Typography.Text>
              </Flex>
            )}
          </div>
          {source && (
            <Flex align="center" gap={8} style={{ marginTop: 8 }}>
              <Typography.Text type="secondary">{t('avatar.zoom')}</Typography.Text>
              <Slider
                style={{ flex: 1 }}
                min={ZOOM.min}
                max={ZOOM.max}
                step={ZOOM.step}
                value={zoom}
                onChange={(v) => setZoom(v)}
                aria-label={t('avatar.zoom')}
              />
            </Flex>
          )}
        </Col>
        <Col xs={24} md={10}>
          <Flex vertical align="center" gap={8}>
            <Typography.Text type="secondary">{t('avatar.preview')}</Typography.Text>
            <Avatar
              size={160}
              src={preview ?? current ?? undefined}
              icon={<UserOutlined />}
              data-testid="avatar-preview"
            />
          </Flex>
        </Col>
      </Row>
    </Modal>
  );
}
