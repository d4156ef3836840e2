import { UserOutlined } from '@ant-design/icons';
import { IMAGE_EXTENSIONS, LIMITS } from '@buglet/contracts';
import { App, Avatar, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assetUrl } from '../../lib/http.ts';
import { useSession } from '../../stores/session.store.ts';
import { uploadAvatar } from './profile.api.ts';

/** Click the avatar to pick a png/jpg/jpeg of at most 5 MB; checked here too so nobody waits for a refusal. */
export function AvatarUpload({ avatar }: { avatar: string | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refreshUser = useSession((s) => s.refreshUser);
  const [current, setCurrent] = useState(avatar);

  const beforeUpload = (file: File) => {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) {
      message.error(t('avatar.format-error', { formats: IMAGE_EXTENSIONS.join(', ') }));
      return Upload.LIST_IGNORE;
    }
    if (file.size > LIMITS.imageMaxBytes) {
      message.error(t('avatar.size-error', { size: LIMITS.imageMaxBytes / 1024 / 1024 }));
      return Upload.LIST_IGNORE;
    }
    void uploadAvatar(file)
      .then((res) => {
        setCurrent(res.imgUrl);
        message.success(t('modify-success'));
        return refreshUser();
      })
      .catch(() => {});
    return false;
  };

  return (
    <Upload accept=".png,.jpg,.jpeg" showUploadList={false} beforeUpload={beforeUpload}>
      <Tooltip title={t('avatar.click-upload')}>
        <Avatar size={120} src={assetUrl(current)} icon={<UserOutlined />} style={{ cursor: 'pointer' }} />
      </Tooltip>
    </Upload>
  );
}
