/** The media library's operations (issue 27), written once for the portal and the API tests. */
const IMAGE = `id section url thumbUrl sources { url format width height } width height bytes placeholder fileName
  caption altText tags roomTypeIds isMain position version createdAt`;

export const IMAGE_DOCS = {
  library: /* GraphQL */ `query ImageLibrary($propertyId: Int!, $section: String!) {
    imageLibrary(propertyId: $propertyId, section: $section) {
      section total withAltText
      nodes { ${IMAGE} }
      roomTypes { id name images }
      limits { maxImages minLongSide minToPublish maxBytes }
    }
  }`,
  upload: /* GraphQL */ `mutation UploadImage($input: UploadImageInput!, $file: File!) { uploadImage(input: $input, file: $file) { ${IMAGE} } }`,
  update: /* GraphQL */ `mutation UpdateImage($input: UpdateImageInput!) { updateImage(input: $input) { ${IMAGE} } }`,
  reorder: /* GraphQL */ `mutation ReorderImages($input: ReorderImagesInput!) { reorderImages(input: $input) { message } }`,
  setMain: /* GraphQL */ `mutation SetMainImage($propertyId: Int!, $id: ID!) { setMainImage(propertyId: $propertyId, id: $id) { id isMain } }`,
  remove: /* GraphQL */ `mutation DeleteImage($propertyId: Int!, $id: ID!) { deleteImage(propertyId: $propertyId, id: $id) { message } }`,
} as const;
