import { factsFromProperty } from '../../resources/domain';
import { useState } from 'react';
import { App, Button, Empty, Form, Input, Select, Space, Tag } from 'antd';
import { StarFilled } from '@ant-design/icons';
import { Navigate } from '../lib/navigate';
import { useQueryClient } from '@tanstack/react-query';
import { GqlError } from '../../providers/graphql-errors';
import { refreshGql, useGqlSend } from '../portal/use-gql';
import { zodRule } from '../forms/zod-rule';
import { useAbility } from '../access/ability';
import { on } from '../../abilities/define-ability';
import { NotFoundPage } from '../pages/not-found.page';
import { IMAGE_DOCS } from '../../resources/media/image.documents';
import { IMAGE_MESSAGES, IMAGE_TAGS } from '../../resources/media/image-rules';
import { imageDetailsFields } from '../../resources/media/image.forms';
import { GENERIC_MESSAGES } from '../../resources/messages';
import { MediaHeader } from './media-header';
import { libraryKey, useImageLibrary, type LibraryImage } from './use-image-library';
import { MAIN_TAG, smallest } from './media-library.page';
import './media.css';

/** images/{section}/edit: each photo's caption, alt text, tags and room types; the main photo; delete with confirmation. */
export function ImageEditPage() {
  const { property, section, library } = useImageLibrary();
  const canEdit = useAbility().can('update', on('Image', factsFromProperty(property)));
  if (!section) return <NotFoundPage />;
  if (section === 'all') return <Navigate to={`/properties/${property.id}/images/property/edit`} replace />;
  if (library && !canEdit) return <Navigate to={`/properties/${property.id}/images/${section}`} replace />;
  const images = library?.nodes ?? [];
  return (
    <>
      <MediaHeader property={property} section={section} library={library} page="edit" />
      {library && images.length === 0 && <Empty description="No photos in this section yet." />}
      {images.map((img, index) => (
        <ImageCard
          key={`${img.id}-${img.version}`}
          image={img}
          propertyId={property.id}
          roomTypes={library?.roomTypes ?? []}
          order={images.map((i) => i.id)}
          index={index}
        />
      ))}
    </>
  );
}

const rule = (field: keyof typeof imageDetailsFields.shape) => zodRule(imageDetailsFields.shape[field], { asIs: true });

function ImageCard(props: {
  image: LibraryImage;
  propertyId: number;
  roomTypes: { id: string; name: string }[];
  /** The section's photos in order (the main one first), for moving this one without a mouse. */
  order: string[];
  index: number;
}) {
  const { image: img, propertyId } = props;
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const send = useGqlSend();
  const client = useQueryClient();
  const { message, modal } = App.useApp();
  const refresh = () => refreshGql(client, libraryKey(propertyId));

  async function run(work: () => Promise<unknown>, success: string) {
    setSaving(true);
    try {
      await work();
      message.success(success);
    } catch (e) {
      message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
    } finally {
      setSaving(false);
      await refresh();
    }
  }
  const save = (values: { caption: string; altText: string; tags: string[]; roomTypeIds?: string[] }) =>
    run(
      () =>
        send(IMAGE_DOCS.update, {
          input: {
            propertyId,
            id: img.id,
            version: img.version,
            caption: values.caption ?? '',
            altText: values.altText ?? '',
            tags: values.tags ?? [],
            roomTypeIds: values.roomTypeIds ?? [],
          },
        }),
      IMAGE_MESSAGES.saved,
    );

  const name = img.caption || img.fileName;
  /** The keyboard's way to reorder (the library's is drag and drop): swap with the neighbour, saved at once. */
  const move = (step: -1 | 1) => {
    const ids = [...props.order];
    const to = props.index + step;
    [ids[props.index], ids[to]] = [ids[to], ids[props.index]];
    return run(
      () => send(IMAGE_DOCS.reorder, { input: { propertyId, section: img.section, ids } }),
      IMAGE_MESSAGES.orderSaved,
    );
  };
  return (
    <article className="media-edit-card" aria-label={`Photo ${name}`}>
      <div>
        <picture>
          <source type="image/webp" srcSet={smallest(img, 'webp')} />
          <img
            src={smallest(img, 'jpeg')}
            alt={img.altText || 'No alt text yet'}
            width={320}
            height={Math.round((320 * img.height) / img.width)}
            loading="lazy"
            style={{ backgroundColor: img.placeholder }}
          />
        </picture>
        <Space wrap style={{ marginTop: 8 }}>
          {img.isMain ? (
            <Tag color="gold" icon={<StarFilled />} style={MAIN_TAG}>
              Main photo
            </Tag>
          ) : (
            <Button
              size="small"
              disabled={saving}
              onClick={() => run(() => send(IMAGE_DOCS.setMain, { propertyId, id: img.id }), IMAGE_MESSAGES.mainSet)}
            >
              Set as main photo
            </Button>
          )}
          <Button size="small" disabled={saving || img.isMain || props.index <= 1} onClick={() => move(-1)}>
            Move earlier
          </Button>
          <Button
            size="small"
            disabled={saving || img.isMain || props.index >= props.order.length - 1}
            onClick={() => move(1)}
          >
            Move later
          </Button>
          <Button
            size="small"
            danger
            disabled={saving}
            onClick={() =>
              modal.confirm({
                title: `Delete ${name}?`,
                content: 'The photo and its files are removed. This cannot be undone.',
                okText: 'Delete',
                okButtonProps: { danger: true },
                onOk: () => run(() => send(IMAGE_DOCS.remove, { propertyId, id: img.id }), IMAGE_MESSAGES.deleted),
              })
            }
          >
            Delete
          </Button>
        </Space>
        <div className="users-note" style={{ marginTop: 4 }}>
          {img.width} × {img.height} px · {img.fileName}
        </div>
      </div>
      <Form
        form={form}
        name={`image-${img.id}`}
        layout="vertical"
        onFinish={save}
        initialValues={{ caption: img.caption, altText: img.altText, tags: img.tags, roomTypeIds: img.roomTypeIds }}
      >
        <Form.Item
          label="Alt text"
          name="altText"
          rules={[rule('altText')]}
          extra={img.altText ? undefined : IMAGE_MESSAGES.altNeeded}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={250} />
        </Form.Item>
        <Form.Item label="Caption" name="caption" rules={[rule('caption')]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="Tags" name="tags">
          <Select mode="multiple" options={IMAGE_TAGS.map((t) => ({ value: t, label: t }))} placeholder="Choose tags" />
        </Form.Item>
        {img.section === 'room-types' && (
          <Form.Item
            label="Room types"
            name="roomTypeIds"
            rules={[
              {
                validator: async (_r, v: string[]) =>
                  v?.length ? undefined : Promise.reject(new Error(IMAGE_MESSAGES.roomTypeNeeded)),
              },
            ]}
          >
            <Select mode="multiple" options={props.roomTypes.map((r) => ({ value: r.id, label: r.name }))} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={saving}>
          Save photo
        </Button>
      </Form>
    </article>
  );
}
