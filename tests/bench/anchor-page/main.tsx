import { createRoot } from 'react-dom/client';
import { Button, ConfigProvider, Form, Input } from 'antd';

/** The bench's size anchor: the smallest honest sign-in page, a plain antd Form. */
function SignIn() {
  return (
    <ConfigProvider>
      <Form layout="vertical" style={{ maxWidth: 400, margin: '10vh auto' }} onFinish={() => undefined}>
        <Form.Item
          name="username"
          label="Email"
          rules={[
            { required: true, message: 'Enter your email' },
            { type: 'email', message: 'Enter a valid email' },
          ]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label="Password" rules={[{ required: true, message: 'Enter your password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          Sign in
        </Button>
      </Form>
    </ConfigProvider>
  );
}
createRoot(document.getElementById('root')!).render(<SignIn />);
