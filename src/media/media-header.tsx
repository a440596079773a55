import { factsFromProperty } from '../../resources/domain';
import { Alert, Button, Progress, Space, Tabs, Typography } from 'antd';
import { CloudUploadOutlined, EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { Can } from '../access/ability';
import { on } from '../../abilities/define-ability';
import { BackLink, backToProperty } from '../layouts/back-link';
import { IMAGE_SECTIONS, MIN_IMAGES_TO_PUBLISH, type ImageSectionKey } from '../../resources/media/image-rules';
import type { ImageLibraryQuery } from '../generated/graphql-types';
import type { ManagedProperty } from '../../resources/properties/property.documents';

/** The media library's heading: its sections as tabs, the publishing count, and the upload and edit buttons. */
export function MediaHeader(props: {
  property: ManagedProperty;
  section: ImageSectionKey;
  library?: ImageLibraryQuery['imageLibrary'];
  page: 'library' | 'upload' | 'edit';
}) {
  const navigate = useNavigate();
  const base = `/properties/${props.property.id}/images`;
  const target = props.section === 'all' ? 'property' : props.section;
  const lib = props.library;
  const uncovered = lib?.roomTypes.filter((r) => r.images === 0) ?? [];
  return (
    <>
      <BackLink {...backToProperty(props.property.id)} />
      <div className="media-heading">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {props.page === 'upload' ? 'Upload photos' : props.page === 'edit' ? 'Edit photo details' : 'Media library'}
        </Typography.Title>
        {props.page === 'library' && (
          <Can I="create" this={on('Image', factsFromProperty(props.property))}>
            <Space wrap>
              <Button icon={<EditOutlined />} onClick={() => navigate(`${base}/${target}/edit`)}>
                Edit details
              </Button>
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                onClick={() => navigate(`${base}/${target}/upload`)}
              >
                Upload photos
              </Button>
            </Space>
          </Can>
        )}
      </div>
      <Tabs
        activeKey={props.section}
        onChange={(key) => navigate(`${base}/${key}${props.page === 'library' ? '' : `/${props.page}`}`)}
        items={Object.entries(IMAGE_SECTIONS)
          .filter(([key]) => props.page === 'library' || key !== 'all')
          .map(([key, label]) => ({ key, label }))}
      />
      {lib && (
        <section className="media-progress" aria-label="Photos towards publishing">
          <Progress
            percent={Math.min(100, Math.round((lib.withAltText / MIN_IMAGES_TO_PUBLISH) * 100))}
            size="small"
            style={{ maxWidth: 220 }}
            showInfo={false}
            aria-label="Photos with alt text towards publishing"
          />
          <span>
            {Math.min(lib.withAltText, MIN_IMAGES_TO_PUBLISH)} of {MIN_IMAGES_TO_PUBLISH} photos with alt text for
            publishing · {lib.total} of {lib.limits.maxImages} photos
          </span>
          {uncovered.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message={`Every room type needs a photo to publish. No photo yet: ${uncovered.map((r) => r.name).join(', ')}.`}
            />
          )}
        </section>
      )}
    </>
  );
}
