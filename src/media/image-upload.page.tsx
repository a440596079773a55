import { useRef, useState } from 'react';
import { Button, Form, Progress, Select, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { Navigate } from '../lib/navigate';
import { useQueryClient } from '@tanstack/react-query';
import { refreshGql } from '../portal/use-gql';
import { NotFoundPage } from '../pages/not-found.page';
import { ACCEPT, IMAGE_MESSAGES, MAX_IMAGES_PER_PROPERTY, MIN_LONG_SIDE } from '../../resources/media/image-rules';
import { MediaHeader } from './media-header';
import { libraryKey, useImageLibrary } from './use-image-library';
import { uploadImage, type UploadHandle } from './upload-image';
import './media.css';

type Item = {
  key: string;
  file: File;
  state: 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';
  percent: number;
  error?: string;
  handle?: UploadHandle;
};
const sizeOf = (bytes: number) =>
  bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
/** Files sent at once; the rest wait their turn (each still its own request). */
const AT_ONCE = 2;

/** images/{section}/upload: drop or pick several photos; each goes in its own request with its own progress, cancel and error. */
export function ImageUploadPage() {
  const { property, section, library } = useImageLibrary();
  const client = useQueryClient();
  const [items, setItems] = useState<Item[]>([]);
  const [roomTypeIds, setRoomTypeIds] = useState<string[]>([]);
  const queue = useRef<Item[]>([]);
  const running = useRef(0);
  if (!section) return <NotFoundPage />;
  if (section === 'all') return <Navigate to={`/properties/${property.id}/images/property/upload`} replace />;
  const maxMb = library ? Math.round(library.limits.maxBytes / 1048576) : 10;

  const patch = (key: string, change: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  function next() {
    while (running.current < AT_ONCE && queue.current.length) {
      const item = queue.current.shift()!;
      running.current++;
      const handle = uploadImage({ propertyId: property.id, section: section!, roomTypeIds }, item.file, (percent) =>
        patch(item.key, { percent }),
      );
      patch(item.key, { state: 'uploading', handle });
      handle.done
        .then(
          () => patch(item.key, { state: 'done', percent: 100 }),
          (e: Error) =>
            setItems((list) =>
              list.map((i) =>
                i.key === item.key
                  ? { ...i, state: i.state === 'cancelled' ? 'cancelled' : 'failed', error: e.message }
                  : i,
              ),
            ),
        )
        .finally(() => {
          running.current--;
          next();
          if (!running.current && !queue.current.length) void refreshGql(client, libraryKey(property.id));
        });
    }
  }

  function add(file: File) {
    const item: Item = { key: `${file.name}-${file.size}-${Math.random()}`, file, state: 'waiting', percent: 0 };
    // Refused here, before any request, for what the server would refuse anyway.
    const problem = needsRooms
      ? IMAGE_MESSAGES.roomTypeNeeded
      : file.size > (library?.limits.maxBytes ?? Number.POSITIVE_INFINITY)
        ? IMAGE_MESSAGES.tooBig(maxMb)
        : null;
    if (problem) {
      item.state = 'failed';
      item.error = problem;
    } else queue.current.push(item);
    setItems((list) => [...list, item]);
    queueMicrotask(next);
    return false; // we send it ourselves
  }

  function cancel(item: Item) {
    queue.current = queue.current.filter((q) => q.key !== item.key);
    patch(item.key, { state: 'cancelled', error: 'Upload cancelled.' });
    item.handle?.abort();
  }

  const needsRooms = section === 'room-types' && roomTypeIds.length === 0;
  const done = items.filter((i) => i.state === 'done').length;
  return (
    <>
      <MediaHeader property={property} section={section} library={library} page="upload" />
      <Typography.Paragraph>
        JPEG, PNG, WebP or AVIF photos, each at least {MIN_LONG_SIDE} pixels on the long side and at most {maxMb} MB; up
        to {MAX_IMAGES_PER_PROPERTY} photos per property. Camera details and location are removed from every photo.
      </Typography.Paragraph>
      {section === 'room-types' && (
        <Form layout="vertical">
          <Form.Item
            label="Room types these photos show"
            required
            help={needsRooms ? IMAGE_MESSAGES.roomTypeNeeded : undefined}
          >
            <Select
              mode="multiple"
              aria-label="Room types these photos show"
              value={roomTypeIds}
              onChange={setRoomTypeIds}
              options={(library?.roomTypes ?? []).map((r) => ({ value: r.id, label: r.name }))}
              placeholder="Choose room types"
            />
          </Form.Item>
        </Form>
      )}
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={add}
        className="media-dragger"
        height={180}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Drop photos here, or click to choose them</p>
        <p className="ant-upload-hint">Each photo uploads on its own: one that fails never stops the others.</p>
      </Upload.Dragger>
      {items.length > 0 && (
        <ul className="media-upload-list" aria-label="Uploads">
          {items.map((item) => (
            <li key={item.key} className="media-upload-item" data-state={item.state}>
              <span>
                <strong>{item.file.name}</strong> · {sizeOf(item.file.size)}
              </span>
              {item.state === 'waiting' || item.state === 'uploading' ? (
                <Button size="small" onClick={() => cancel(item)} aria-label={`Cancel ${item.file.name}`}>
                  Cancel
                </Button>
              ) : (
                <span>{item.state === 'done' ? 'Uploaded' : item.state === 'cancelled' ? 'Cancelled' : 'Failed'}</span>
              )}
              <Progress
                percent={item.percent}
                size="small"
                status={item.state === 'failed' ? 'exception' : item.state === 'done' ? 'success' : 'active'}
                aria-label={`${item.file.name} upload progress`}
              />
              {item.error && item.state === 'failed' && (
                <span role="alert" style={{ color: '#b91c1c', gridColumn: '1 / -1' }}>
                  {item.error}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {done > 0 && (
        <Typography.Paragraph style={{ marginTop: 16 }}>
          {done} uploaded.{' '}
          <Link to={`/properties/${property.id}/images/${section}/edit`}>Add alt text and captions</Link> or{' '}
          <Link to={`/properties/${property.id}/images/${section}`}>see them in the library</Link>.
        </Typography.Paragraph>
      )}
    </>
  );
}
