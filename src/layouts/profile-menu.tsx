import { Button } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useAbility } from '../access/ability';
import { DropdownOnDemand } from '../lib/dropdown-on-demand';

/** Spec §2: the user's name, with Update details, Resources (Contact support, Terms of use) and Sign out. */
export function ProfileMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  // Staff reach the health check from here (issue 30); everyone else never sees it.
  const staff = useAbility().can('access', 'HealthCheck');
  const items = [
    { key: '/user-details/update', label: 'Update details' },
    ...(staff ? [{ key: '/api-health-check', label: 'API health check' }] : []),
    {
      key: 'resources',
      type: 'group' as const,
      label: 'Resources',
      children: [
        { key: '/contact-us', label: 'Contact support' },
        { key: '/terms', label: 'Terms of use' },
      ],
    },
    { type: 'divider' as const },
    { key: '/sign-out', label: 'Sign out' },
  ];
  return (
    <DropdownOnDemand menu={{ items, onClick: ({ key }) => navigate(key) }}>
      <Button type="text" style={{ color: '#fff' }} icon={<UserOutlined />} aria-label={`Profile menu for ${name}`}>
        <span className="profile-name">{name}</span> <DownOutlined />
      </Button>
    </DropdownOnDemand>
  );
}
