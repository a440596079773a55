import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import { useScreenAtLeast } from '../../lib/use-screen';
import '../../lib/native-field.css';

/**
 * A text area that grows with its text from 2 to 8 lines: measured by antd on a wide screen; on a
 * phone sized by the browser itself (src/lib/native-field.css), as antd's measuring sets state as
 * it mounts and draws the form again in a phone's takeover of a drawn page.
 */
export function GrowingTextArea(props: Omit<TextAreaProps, 'autoSize' | 'rows'>) {
  const phone = !useScreenAtLeast('md');
  if (phone) return <Input.TextArea rows={4} {...props} className="native-grows" />;
  return <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} {...props} />;
}
