import { useState } from 'react';
import { useGetIdentity, useInvalidateAuthStore } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { PortalIdentity } from '../../../providers/auth-provider';
import { useGqlSend } from '../../portal/use-gql';
import { AUTH_DOCS } from '../../../resources/auth/auth.documents';
import { phoneForDisplay } from '../../../resources/auth/phone';
import { FORM_MESSAGES } from '../../../resources/messages';
import { BackLink } from '../../layouts/back-link';

/** Spec §2: review your own details. On a first login, confirming them clears the FIRST_LOGIN flag. */
export function UserDetailsPage() {
  const send = useGqlSend();
  const { data: user } = useGetIdentity<PortalIdentity>();
  const invalidate = useInvalidateAuthStore();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState(false);
  if (!user) return null;

  async function confirm() {
    setConfirming(true);
    setError(false);
    try {
      await send(AUTH_DOCS.updateUserAttributes, { attributes: [{ name: 'custom:flags', value: '' }] });
      await invalidate();
      navigate('/', { replace: true });
    } catch {
      setError(true);
    } finally {
      setConfirming(false);
    }
  }

  const none = <Typography.Text type="secondary">Not provided</Typography.Text>;
  return (
    <>
      <BackLink to="/" label="Back to home" />
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Your details
      </Typography.Title>
      {user.isFirstLogin && (
        <Alert
          role="status"
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="Welcome to the extranet"
          description="Please check your details before you start. Update anything that is wrong, then confirm."
        />
      )}
      {error && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} message={FORM_MESSAGES.couldNotSave} />
      )}
      <Card>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label="Name">{user.name}</Descriptions.Item>
          <Descriptions.Item label="Email">
            {user.email}{' '}
            {user.emailVerified ? <Tag color="green">Confirmed</Tag> : <Tag color="orange">Not confirmed</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="Position">{user.position || none}</Descriptions.Item>
          <Descriptions.Item label="Phone">
            {user.phonePrimary ? phoneForDisplay(user.phonePrimary) : none}
          </Descriptions.Item>
          <Descriptions.Item label="Second phone">
            {user.phoneSecondary ? phoneForDisplay(user.phoneSecondary) : none}
          </Descriptions.Item>
        </Descriptions>
        <Space style={{ marginTop: 16 }} wrap>
          <Button onClick={() => navigate('/user-details/update')}>Update details</Button>
          {user.isFirstLogin && (
            <Button type="primary" loading={confirming} onClick={confirm}>
              Confirm details
            </Button>
          )}
        </Space>
      </Card>
    </>
  );
}
