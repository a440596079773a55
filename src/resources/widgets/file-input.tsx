import { Button, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { StoredFile } from '../../../resources/field-builders';
import type { WidgetProps } from './widget-props';

const isFile = (v: unknown): v is File => typeof File !== 'undefined' && v instanceof File;

/** A file field: the stored file's name, or the one just chosen, which goes with the save as multipart. */
export function FileInput({ field, value, onChange, id, disabled }: WidgetProps<File | StoredFile | null>) {
  const name = isFile(value) ? value.name : value?.name;
  return (
    <Space id={id} wrap>
      <Upload
        accept={field.file!.accept.join(',')}
        maxCount={1}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          onChange?.(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled}>
          {name ? 'Replace file' : 'Choose file'}
        </Button>
      </Upload>
      {name && <Typography.Text>{name}</Typography.Text>}
    </Space>
  );
}
