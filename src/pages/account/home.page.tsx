import { useGetIdentity } from '@refinedev/core';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import type { PortalIdentity } from '../../../providers/auth-provider';

/** Home: greets the user and offers their account; property and group pages hang off it. */
export function HomePage() {
  const { data: user } = useGetIdentity<PortalIdentity>();
  if (!user) return null;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>Welcome, {user.firstName}</Typography.Title>
      <Card>
        <Typography.Paragraph>
          You're signed in as <strong>{user.email}</strong>{user.isStaff ? ' (staff)' : ''}.
        </Typography.Paragraph>
        <Link to="/user-details">Review your details</Link>
      </Card>
    </>
  );
}
