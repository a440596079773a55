import { Button } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { LazyResult } from '../lib/lazy-result';
import { Link } from 'react-router';
import { GENERIC_MESSAGES } from '../../resources/messages';

export function NotFoundPage({ inline = false }: { inline?: boolean }) {
  const Wrapper = inline ? 'div' : 'main';
  return (
    <Wrapper style={{ minHeight: inline ? '50vh' : '100vh', display: 'grid', placeItems: 'center' }}>
      <LazyResult
        status="404"
        title="Page not found"
        subTitle={GENERIC_MESSAGES.notFound}
        extra={
          <Link to="/">
            {/* With an icon: a button without one mounts antd's loading motion, which sets state as the drawn page is taken over. */}
            <Button type="primary" icon={<HomeOutlined aria-hidden />}>
              Go to home
            </Button>
          </Link>
        }
      />
    </Wrapper>
  );
}
