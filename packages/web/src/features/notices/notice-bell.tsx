import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermi } from '../../components/auth.tsx';
import { unreadTotal } from './notice-groups.ts';
import { NOTICE_PAGE_PATH } from './notice-link.ts';
import { getNoticeGroups, noticeKeys } from './notices.api.ts';

/** The navbar bell: a red dot while anything is unread; the counts refresh on every pushed notice. */
export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canList = usePermi(['notice:list']);
  const query = useQuery({
    queryKey: noticeKeys.groups,
    queryFn: getNoticeGroups,
    enabled: canList,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!canList) return null;
  const unread = unreadTotal(query.data?.rows);
  const label = unread > 0 ? t('notice.unread-count', { count: unread }) : t('notice');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="notice-bell"
        data-unread={unread}
        aria-label={label}
        onClick={() => navigate(NOTICE_PAGE_PATH)}
        icon={
          <Badge dot={unread > 0} offset={[-2, 2]}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        }
      />
    </Tooltip>
  );
}
