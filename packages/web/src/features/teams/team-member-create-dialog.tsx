import { LIMITS } from '@buglet/contracts';
import { Col, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountRules, useEmailRules, usePhoneRules } from '../../components/contact-rules.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { usePasswordHint, usePasswordRules } from '../../components/password-fields.tsx';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { useDict } from '../dicts/index.ts';
import { createTeamMember, type TeamMemberBody } from './teams.api.ts';

interface TeamMemberCreateDialogProps {
  teamId: number;
  isOpen: boolean;
  roleOptions: { value: number; label: string }[];
  onClose: () => void;
}

/** Creates an account and puts it straight into the team, with the configured initial password. */
export function TeamMemberCreateDialog({
  teamId,
  isOpen,
  roleOptions,
  onClose,
}: TeamMemberCreateDialogProps) {
  const { t } = useTranslation();
  const sexDict = useDict('sys_user_sex');
  const accountRules = useAccountRules();
  const phoneRules = usePhoneRules();
  const emailRules = useEmailRules();
  const passwordRules = usePasswordRules();
  const passwordHint = usePasswordHint();
  // The platform's initial password is for its administrators only: the team administrator
  // chooses one, which the new member replaces at their first sign-in.
  const initialValues = useMemo(() => ({ sex: '0' }), []);
  const dialog = useFormDialog<TeamMemberBody>({
    isOpen,
    isCreate: true,
    save: (values) => createTeamMember(teamId, values),
    invalidate: [['teams', 'members', teamId]],
    onClose,
    initialValues,
  });
  const { min, max } = LIMITS.memberName;

  return (
    <FormDialog dialog={dialog} name="team-member-create" title={t('team.create-member')} width={800}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="nickName"
            label={t('nick-name')}
            rules={[
              { required: true, whitespace: true, message: t('nick-name-required') },
              { min, max, message: t('member.name-size-exception', { min, max }) },
            ]}
          >
            <Input maxLength={max} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="userName" label={t('account')} rules={accountRules}>
            <Input maxLength={LIMITS.account.max} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="password"
            label={t('password')}
            rules={passwordRules}
            extra={`${passwordHint} ${t('team.member-password-once')}`}
          >
            <Input.Password maxLength={LIMITS.password.max} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phoneNumber" label={t('phone-number')} rules={phoneRules}>
            <Input maxLength={LIMITS.phone.max} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('email')} rules={emailRules}>
            <Input maxLength={LIMITS.email.max} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sex" label={t('sex')}>
            <Select options={sexDict.options} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="roleIds"
            label={t('role')}
            rules={[{ required: true, message: t('member.role-required') }]}
          >
            <Select mode="multiple" options={roleOptions} placeholder={t('select')} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea rows={4} maxLength={500} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
