import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useAbility } from '../access/ability';
import { useOpenedOnce } from '../lib/opened-once';

/**
 * Spec §2: the user's name, with Update details, Resources (Contact support, Terms of use) and Sign out.
 * The menu's Dropdown is mounted on the first open (src/lib/opened-once.ts); until then the button opens it.
 */
export function ProfileMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  // Staff reach the health check from here (issue 30); everyone else never sees it.
  const staff = useAbility().can('access', 'HealthCheck');
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const button = useRef<HTMLButtonElement>(null);
  // The button is drawn anew inside the Dropdown when it first opens: the focus stays on it.
  useLayoutEffect(() => {
    if (opened) button.current?.focus({ preventScroll: true });
  }, [opened]);
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
  const trigger = (
    <Button
      ref={button}
      type="text"
      style={{ color: '#fff' }}
      icon={<UserOutlined />}
      aria-label={`Profile menu for ${name}`}
      onClick={opened ? undefined : () => setOpen(true)}
    >
      <span className="profile-name">{name}</span> <DownOutlined />
    </Button>
  );
  if (!opened) return trigger;
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items,
        onClick: ({ key }) => {
          setOpen(false);
          navigate(key);
        },
      }}
    >
      {trigger}
    </Dropdown>
  );
}
