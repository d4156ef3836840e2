import { INTRODUCE_MAX, PROJECT_NAME_MAX } from '@buglet/contracts';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProjectIconPicker } from './project-icon-picker.tsx';

/** Name and introduction on the left, the cover on the right; shared by create and base info. */
export function ProjectFields() {
  const { t } = useTranslation();
  return (
    <Row gutter={24}>
      <Col xs={24} md={14}>
        <Form.Item
          name="projectName"
          label={t('project.name')}
          rules={[{ required: true, whitespace: true, message: t('project.project-name-cannot-empty') }]}
        >
          <Input maxLength={PROJECT_NAME_MAX} placeholder={t('project.enter-project-name')} />
        </Form.Item>
        <Form.Item name="projectIntroduce" label={t('project.introduction')}>
          <Input.TextArea
            rows={5}
            maxLength={INTRODUCE_MAX}
            showCount
            placeholder={t('project.enter-introduction')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        <Form.Item name="projectIcon" label={t('project.icon')}>
          <ProjectIconPicker />
        </Form.Item>
      </Col>
    </Row>
  );
}
