import { inputSdlFromZod } from './zod-input-sdl';
import { resolveInput, resolveWith, type SchemaModule } from './schema-module';
import { reorderImagesInput, updateImageInput, uploadImageInput } from '../../resources/media/image.forms';
import { imageLibrary } from '../media/image-library';
import { deleteImage, reorderImages, setMainImage, updateImage, uploadImage } from '../media/image-commands';

const IMAGE_INPUT_SDL = [
  inputSdlFromZod('UploadImageInput', uploadImageInput),
  inputSdlFromZod('UpdateImageInput', updateImageInput, { names: { tags: 'ImageTag' } }),
  inputSdlFromZod('ReorderImagesInput', reorderImagesInput),
].join('\n');

/** The media library (issue 27): each photo its own multipart request; order, main photo, words and deletion through the command path. */
export const imagesSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    ${IMAGE_INPUT_SDL}
    type ImageSource { url: String!, format: String!, width: Int!, height: Int! }
    type Image {
      id: ID!, section: String!, url: String!, thumbUrl: String!, sources: [ImageSource!]!
      width: Int!, height: Int!, bytes: Int!, placeholder: String!, fileName: String!
      caption: String!, altText: String!, tags: [String!]!, roomTypeIds: [ID!]!, isMain: Boolean!, position: Int!, version: Int!, createdAt: String!
    }
    type ImageRoomType { id: ID!, name: String!, images: Int! }
    type ImageLimits { maxImages: Int!, minLongSide: Int!, minToPublish: Int!, maxBytes: Int! }
    type ImageLibrary {
      section: String!, nodes: [Image!]!, roomTypes: [ImageRoomType!]!, total: Int!, withAltText: Int!, limits: ImageLimits!
    }
    type ImageResult { message: String! }
    extend type Query {
      "A section of the media library: property, room-types or all."
      imageLibrary(propertyId: Int!, section: String!): ImageLibrary!
    }
    extend type Mutation {
      "One photo per request (multipart): decoded, stripped of metadata and resized before it is kept."
      uploadImage(input: UploadImageInput!, file: File!): Image!
      updateImage(input: UpdateImageInput!): Image!
      reorderImages(input: ReorderImagesInput!): ImageResult!
      setMainImage(propertyId: Int!, id: ID!): Image!
      deleteImage(propertyId: Int!, id: ID!): ImageResult!
    }
  `,
  resolvers: {
    Query: { imageLibrary: resolveWith(imageLibrary) },
    Mutation: {
      uploadImage: resolveWith(uploadImage),
      updateImage: resolveInput(updateImage),
      reorderImages: resolveInput(reorderImages),
      setMainImage: resolveWith(setMainImage),
      deleteImage: resolveWith(deleteImage),
    },
  },
};
