import { useOutletContext, useParams } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import { useGql } from '../portal/use-gql';
import { IMAGE_DOCS } from '../../resources/media/image.documents';
import { isImageSection, type ImageSectionKey } from '../../resources/media/image-rules';
import type { ImageLibraryQuery } from '../generated/graphql-types';

export type LibraryImage = ImageLibraryQuery['imageLibrary']['nodes'][number];
export const libraryKey = (propertyId: number) => ['image-library', propertyId];

/** The section in the address (property, room-types or all; anything else is null) and its photos. */
export function useImageLibrary() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const raw = useParams().section;
  const section: ImageSectionKey | null = isImageSection(raw) ? raw : null;
  const query = useGql<ImageLibraryQuery>(
    [...libraryKey(property.id), section],
    IMAGE_DOCS.library,
    { propertyId: property.id, section },
    section !== null,
    true,
  );
  return { property, section, library: query.data?.imageLibrary, isLoading: query.isLoading, error: query.error };
}
