import { factsFromProperty } from '../../resources/domain';
import { useEffect, useState } from 'react';
import { Alert, App, Empty, Skeleton, Tag, Typography } from 'antd';
import { StarFilled } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useAbility } from '../access/ability';
import { on } from '../../abilities/define-ability';
import { GqlError } from '../../providers/graphql-errors';
import { refreshGql, useGqlSend } from '../portal/use-gql';
import { NotFoundPage } from '../pages/not-found.page';
import { IMAGE_DOCS } from '../../resources/media/image.documents';
import { IMAGE_MESSAGES, type StoredSection } from '../../resources/media/image-rules';
import { GENERIC_MESSAGES } from '../../resources/messages';
import { MediaHeader } from './media-header';
import { libraryKey, useImageLibrary, type LibraryImage } from './use-image-library';
import './media.css';

/** antd's gold tag text is too light on its background (axe colour-contrast): a darker gold. */
export const MAIN_TAG = { color: '#7a4b00' };

/** images/{section}: the photos in their order, grouped by room type where they show rooms; drag to reorder (saved at once). */
export function MediaLibraryPage() {
  const { property, section, library, isLoading, error } = useImageLibrary();
  const canEdit = useAbility().can('update', on('Image', factsFromProperty(property)));
  if (!section) return <NotFoundPage />;
  const nodes = library?.nodes ?? [];
  const bySection = (s: StoredSection) => nodes.filter((n) => n.section === s);
  return (
    <>
      <MediaHeader property={property} section={section} library={library} page="library" />
      {error && <Alert role="alert" type="error" showIcon message={error.message} />}
      {isLoading && <Skeleton active />}
      {library && (section === 'property' || section === 'all') && (
        <PhotoGroup
          title={section === 'all' ? 'Property photos' : null}
          images={bySection('property')}
          section="property"
          propertyId={property.id}
          canEdit={canEdit}
        />
      )}
      {library &&
        (section === 'room-types' || section === 'all') &&
        (library.roomTypes.length === 0
          ? section === 'room-types' && (
              <Empty description="Add a room type first: room type photos are shown for a room type." />
            )
          : library.roomTypes.map((room) => (
              <PhotoGroup
                key={room.id}
                title={room.name}
                images={bySection('room-types').filter((n) => n.roomTypeIds.includes(room.id))}
                section="room-types"
                order={bySection('room-types')}
                propertyId={property.id}
                canEdit={canEdit}
              />
            )))}
    </>
  );
}

/** The thumbnail of a format: the smallest width made (the list needs no more). */
export const smallest = (img: LibraryImage, format: 'webp' | 'jpeg') =>
  [...img.sources].filter((s) => s.format === format).sort((a, b) => a.width - b.width)[0]?.url ?? img.thumbUrl;

/** One section's (or one room type's) photos as a grid; dragging one onto another moves it there in its section's order. */
function PhotoGroup(props: {
  title: string | null;
  images: LibraryImage[];
  section: StoredSection;
  /** The whole section's order, when this group shows part of it (one room type's photos). */
  order?: LibraryImage[];
  propertyId: number;
  canEdit: boolean;
}) {
  const [shown, setShown] = useState(props.images);
  const [dragged, setDragged] = useState<string | null>(null);
  const send = useGqlSend();
  const client = useQueryClient();
  const { message } = App.useApp();
  useEffect(() => setShown(props.images), [props.images]);

  async function drop(targetId: string) {
    if (!dragged || dragged === targetId) return;
    const move = (list: LibraryImage[]) => {
      const from = list.findIndex((i) => i.id === dragged);
      const to = list.findIndex((i) => i.id === targetId);
      if (from < 0 || to < 0) return list;
      const next = [...list];
      next.splice(to, 0, ...next.splice(from, 1));
      return next;
    };
    const before = shown;
    setShown(move(shown));
    setDragged(null);
    try {
      const ids = move(props.order ?? shown).map((i) => i.id);
      await send(IMAGE_DOCS.reorder, { input: { propertyId: props.propertyId, section: props.section, ids } });
      message.success(IMAGE_MESSAGES.orderSaved);
    } catch (e) {
      setShown(before);
      message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
    } finally {
      await refreshGql(client, libraryKey(props.propertyId));
    }
  }

  return (
    <section className="media-group" aria-label={props.title ?? 'Property photos'}>
      {props.title && (
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          {props.title}
        </Typography.Title>
      )}
      {shown.length === 0 ? (
        <Typography.Paragraph type="secondary">No photos yet.</Typography.Paragraph>
      ) : (
        <ol className="media-grid">
          {shown.map((img, index) => (
            <li
              key={img.id}
              className={`media-tile${dragged === img.id ? ' media-tile--dragged' : ''}`}
              draggable={props.canEdit}
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                setDragged(img.id);
              }}
              onDragOver={(e) => props.canEdit && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                void drop(img.id);
              }}
              onDragEnd={() => setDragged(null)}
              data-image-id={img.id}
            >
              <picture>
                <source type="image/webp" srcSet={smallest(img, 'webp')} />
                <img
                  src={smallest(img, 'jpeg')}
                  alt={img.altText || `Photo ${index + 1} (no alt text yet)`}
                  width={320}
                  height={Math.round((320 * img.height) / img.width)}
                  loading="lazy"
                  decoding="async"
                  style={{ backgroundColor: img.placeholder }}
                  draggable={false}
                />
              </picture>
              <div className="media-tile__meta">
                {img.isMain && (
                  <Tag color="gold" icon={<StarFilled />} style={MAIN_TAG}>
                    Main
                  </Tag>
                )}
                {!img.altText && <Tag color="red">Needs alt text</Tag>}
                <span className="media-tile__caption">{img.caption || img.fileName}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
